// frame: Examples/c/frame.c's frame loop from C++, through a small RAII wrapper over the C header:
// worlds and snapshots release themselves, a transaction that is not committed is discarded when
// it goes out of scope, and a failed call throws with the library's message. Same arguments and
// same output as the C program (CI diffs both against the reference and each other).
//
//   c++ -std=c++17 -Wall -Wextra -Werror -Iinclude Examples/cpp/frame.cpp -L.build/release
//       -lHitIndexC -Wl,-rpath,.build/release -o /tmp/hi-frame-cpp    (one line)
//   /tmp/hi-frame-cpp Examples/list.json /tmp/frame-out.json 10,10 150,250
#include <hitindex.h>

#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
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
        const hi_position front = {HI_FRONT, 0, {0, 0}}, back = {HI_BACK, 0, {0, 0}};
        const int frames = 60, recycle_after = 5;
        std::vector<hi_view> rows(frames);
        unsigned long long hits = 0, checksum = 0;
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
            if (f >= recycle_after) check(hi_world_remove_view(w, rows[f - recycle_after]));
            if (f % 7 == 3) check(hi_world_move_view(w, button, list, back));
            if (f % 7 == 6) check(hi_world_move_view(w, button, window, front));
            check(hi_world_set_hidden(w, row0, f % 3 == 0));
            const Snapshot snapshot = transaction.commit();
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

        // Refusals: the stale handle and the cycle reject their transactions and change nothing.
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
        check(hi_world_check(w));
        size_t count = 0;
        check(hi_world_view_count(w, &count));
        std::fprintf(stderr, "frames: %d, views: %zu, hits: %llu, checksum: %llu\n", frames, count, hits, checksum);

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
