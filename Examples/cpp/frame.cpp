// frame: Examples/c/frame.c's frame loop from C++, through a small RAII wrapper over the C header:
// worlds and snapshots release themselves, a transaction that is not committed is discarded when
// it goes out of scope, a failed call throws with the library's message, a removal reports to a
// lambda and lists read back into a std::vector. Same arguments and same output as the C program
// (CI diffs both against the reference and each other).
//
//   c++ -std=c++17 -Wall -Wextra -Werror -Iinclude Examples/cpp/frame.cpp -L.build/release
//       -lHitIndexC -Wl,-rpath,.build/release -o /tmp/hi-frame-cpp    (one line)
//   /tmp/hi-frame-cpp Examples/list.json /tmp/frame-out.json 10,10 150,250
#include <hitindex.h>

#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace hitindex {

/// A failed call: the status and the library's message.
struct Error : std::runtime_error {
    hi_status status;
    Error(hi_status status, const char *message) : std::runtime_error(message), status(status) {}
};

inline void check(hi_status status) {
    if (status != HI_OK) throw Error(status, hi_last_error());
}

/// Whether two handles name the same view of the same world.
inline bool same(hi_view a, hi_view b) {
    return a.slot == b.slot && a.generation == b.generation && a.world == b.world;
}

/// A published snapshot, released when the last copy goes.
class Snapshot {
  public:
    explicit Snapshot(hi_snapshot *raw) : raw_(raw, hi_snapshot_release) {}

    /// The view hit at (x, y), if any.
    bool hit_test(double x, double y, hi_hit &hit) const {
        bool found = false;
        check(hi_snapshot_hit_test(raw_.get(), x, y, &hit, &found));
        return found;
    }

    std::string id(hi_view view) const {
        size_t length = 0;
        check(hi_snapshot_view_id(raw_.get(), view, nullptr, 0, &length));
        std::string id(length + 1, '\0');
        check(hi_snapshot_view_id(raw_.get(), view, &id[0], id.size(), &length));
        id.resize(length);
        return id;
    }

    /// The view's subviews, back to front: measured, then copied into a buffer of that size.
    std::vector<hi_view> subviews(hi_view view) const {
        size_t count = 0;
        check(hi_snapshot_subviews(raw_.get(), view, nullptr, 0, &count));
        std::vector<hi_view> subviews(count);
        check(hi_snapshot_subviews(raw_.get(), view, subviews.data(), subviews.size(), &count));
        subviews.resize(count);
        return subviews;
    }

    hi_view parent(hi_view view) const {
        hi_view parent;
        check(hi_snapshot_parent(raw_.get(), view, &parent));
        return parent;
    }

    uint64_t version() const {
        uint64_t version = 0;
        check(hi_snapshot_version(raw_.get(), &version));
        return version;
    }

  private:
    std::shared_ptr<hi_snapshot> raw_;
};

/// A world, destroyed with its owner; snapshots outlive it.
class World {
  public:
    explicit World(const char *scene_path) {
        hi_world *raw = nullptr;
        check(hi_world_load_scene(scene_path, &raw));
        raw_.reset(raw);
    }

    hi_world *get() const { return raw_.get(); }

    hi_view view(const char *id) const {
        hi_view view;
        bool found = false;
        check(hi_world_view_for_id(raw_.get(), id, &view, &found));
        if (!found) throw std::runtime_error(std::string("no view has the id ") + id);
        return view;
    }

    Snapshot snapshot() const {
        hi_snapshot *raw = nullptr;
        check(hi_world_acquire_snapshot(raw_.get(), &raw));
        return Snapshot(raw);
    }

    /// The version the world published last, without acquiring it.
    uint64_t version() const {
        uint64_t version = 0;
        check(hi_world_version(raw_.get(), &version));
        return version;
    }

    /// How many subviews the view has in the writer's state (a read with capacity 0).
    size_t subview_count(hi_view view) const {
        size_t count = 0;
        check(hi_world_subviews(raw_.get(), view, nullptr, 0, &count));
        return count;
    }

    /// Removes a view with its subviews, calling `removed(handle)` with every handle that becomes
    /// stale, the view first (inside a transaction). `removed` must not throw: it is called from C.
    template <class Removed>
    void remove(hi_view view, Removed &&removed) {
        using Callable = std::remove_reference_t<Removed>;
        static_assert(noexcept(removed(view)), "the callback runs inside a C call: it must not throw");
        check(hi_world_remove_view_reporting(
            raw_.get(), view, [](void *context, hi_view handle) { (*static_cast<Callable *>(context))(handle); },
            &removed));
    }

  private:
    struct Destroy {
        void operator()(hi_world *world) const { hi_world_destroy(world); }
    };
    std::unique_ptr<hi_world, Destroy> raw_;
};

/// An open transaction: commit() publishes it; leaving the scope without committing discards it.
class Transaction {
  public:
    explicit Transaction(World &world) : world_(world.get()) { check(hi_world_begin(world_)); }
    ~Transaction() {
        if (open_) hi_world_discard(world_);
    }
    Transaction(const Transaction &) = delete;
    Transaction &operator=(const Transaction &) = delete;

    Snapshot commit() {
        open_ = false;
        hi_snapshot *raw = nullptr;
        check(hi_world_commit(world_, &raw));
        return Snapshot(raw);
    }

  private:
    hi_world *world_;
    bool open_ = true;
};

}  // namespace hitindex

int main(int argc, char **argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: %s SCENE OUT [X,Y ...]\n", argv[0]);
        return 2;
    }
    if (hi_abi_version() != HI_ABI_VERSION) return 1;
    try {
        using namespace hitindex;
        World world(argv[1]);
        hi_world *w = world.get();
        const hi_view window = world.view("W"), list = world.view("List"), button = world.view("Button"),
                      row0 = world.view("Row0");
        const hi_position front = {HI_FRONT, 0, {0, 0, 0}}, back = {HI_BACK, 0, {0, 0, 0}};
        const int frames = 60, recycle_after = 5;
        std::vector<hi_view> rows(frames);
        unsigned long long hits = 0, checksum = 0;
        size_t removed = 0, list_subviews = 0;
        if (world.version() != 1) throw std::runtime_error("a loaded world is not at version 1");
        for (int f = 0; f < frames; f++) {
            Transaction transaction(world);
            check(hi_world_scroll(w, list, 0, (f * 7) % 150));
            hi_view_def row = hi_default_view_def();
            row.bounds = {0, 0, 300, 40};
            row.center = {150, 20.0 + (f * 37) % 260};
            row.user_value = static_cast<uint64_t>(f) + 1;
            const std::string id = "New" + std::to_string(f);
            row.id = id.c_str();
            check(hi_world_create_view(w, list, front, &row, &rows[f]));
            if (f >= recycle_after) {
                // The engine drops its records of every handle the removal makes stale.
                size_t reported = 0;
                hi_view first{};
                world.remove(rows[f - recycle_after], [&](hi_view handle) noexcept {
                    if (reported++ == 0) first = handle;
                });
                if (reported == 0 || !same(first, rows[f - recycle_after]))
                    throw std::runtime_error("the removal did not report the removed row first");
                removed += reported;
            }
            if (f % 7 == 3) check(hi_world_move_view(w, button, list, back));
            if (f % 7 == 6) check(hi_world_move_view(w, button, window, front));
            check(hi_world_set_hidden(w, row0, f % 3 == 0));
            const Snapshot snapshot = transaction.commit();
            // Every commit with edits publishes the next version; the writer knows it without
            // acquiring a snapshot.
            if (world.version() != static_cast<uint64_t>(f) + 2 || snapshot.version() != world.version())
                throw std::runtime_error("frame " + std::to_string(f) + ": not the next version");
            // The list's subviews: counted on the writer, copied from the snapshot; the row created
            // in front is the last.
            const size_t subview_count = world.subview_count(list);
            const std::vector<hi_view> subviews = snapshot.subviews(list);
            if (subviews.size() != subview_count || subviews.empty() || !same(subviews.back(), rows[f]) ||
                !same(snapshot.parent(rows[f]), list))
                throw std::runtime_error("frame " + std::to_string(f) + ": the new row is not the list's front-most");
            list_subviews += subview_count;
            for (int i = 0; i < 10; i++) {
                for (int j = 0; j < 10; j++) {
                    hi_hit hit;
                    if (snapshot.hit_test(15 + 30.0 * i, 15 + 30.0 * j, hit)) {
                        hits++;
                        checksum = checksum * 31 + hit.user_value;
                    }
                }
            }
        }

        // Refusals: the stale handle, the cycle and a handle of another world (the same scene loaded
        // again: the same slot and generation, another tag) reject their transactions and change
        // nothing.
        try {
            Transaction transaction(world);
            check(hi_world_set_hidden(w, rows[0], true));
            throw std::runtime_error("an edit with a stale handle was accepted");
        } catch (const Error &e) {
            if (e.status != HI_ERROR_STALE) throw;
        }
        try {
            Transaction transaction(world);
            check(hi_world_move_view(w, list, rows[frames - 1], front));
            throw std::runtime_error("a cycle was accepted");
        } catch (const Error &e) {
            if (e.status != HI_ERROR_INVALID) throw;
        }
        {
            const World other(argv[1]);
            const hi_view other_list = other.view("List");
            if (other_list.world == list.world) throw std::runtime_error("two worlds share a tag");
            bool contains = true;
            check(hi_world_contains(w, other_list, &contains));
            if (contains) throw std::runtime_error("another world's handle names a view of this one");
            try {
                world.subview_count(other_list);
                throw std::runtime_error("a read with another world's handle was answered");
            } catch (const Error &e) {
                if (e.status != HI_ERROR_STALE) throw;
            }
            try {
                Transaction transaction(world);
                check(hi_world_scroll(w, other_list, 0, 0));
                throw std::runtime_error("an edit with another world's handle was accepted");
            } catch (const Error &e) {
                if (e.status != HI_ERROR_STALE) throw;
            }
        }
        check(hi_world_check(w));
        size_t count = 0;
        check(hi_world_view_count(w, &count));
        std::fprintf(stderr,
                     "frames: %d, views: %zu, hits: %llu, checksum: %llu, removed: %zu, list subviews: %zu, "
                     "version: %llu\n",
                     frames, count, hits, checksum, removed, list_subviews,
                     static_cast<unsigned long long>(world.version()));

        check(hi_world_write_scene(w, argv[2]));
        const Snapshot last = world.snapshot();
        for (int i = 3; i < argc; i++) {
            double x, y;
            char extra;
            if (std::sscanf(argv[i], "%lf,%lf%c", &x, &y, &extra) != 2) {
                std::fprintf(stderr, "frame: expected a point X,Y, got '%s'\n", argv[i]);
                return 2;
            }
            hi_hit hit;
            std::puts(last.hit_test(x, y, hit) ? last.id(hit.view).c_str() : "nil");
        }
    } catch (const std::exception &e) {
        std::fprintf(stderr, "frame: %s\n", e.what());
        return 1;
    }
    return 0;
}
