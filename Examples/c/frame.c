/*
 * frame: an engine's frame loop through the C API. It loads a scene with a list (Examples/list.json),
 * then for 60 frames scrolls the list, inserts a row, recycles the row inserted five frames
 * before (hi_world_remove_view_reporting, counting the handles it reports), moves a button
 * between containers, toggles a row's visibility, commits (checking hi_world_version), reads the
 * list's subviews back from the writer and from the snapshot, and answers 100 queries on the new
 * snapshot. Then it checks the refusals (a stale handle, a cycle, a handle of another world),
 * writes the final scene to OUT and prints the id of the view hit (or nil) at each point X,Y
 * given, one per line, exactly as `hitindex query OUT X,Y ...` does: CI diffs the two, and diffs
 * the summary line on stderr with the C++, Rust and Python clients', which run the same loop.
 *
 *   swift build -c release --product HitIndexC
 *   cc -std=c99 -Wall -Wextra -Werror -Iinclude Examples/c/frame.c -L.build/release -lHitIndexC \
 *      -Wl,-rpath,.build/release -o /tmp/hi-frame
 *   /tmp/hi-frame Examples/list.json /tmp/frame-out.json 10,10 150,250
 */
#include <hitindex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Stops the program with the library's message when a call that must succeed fails. */
#define CHECK(call)                                                                                \
    do {                                                                                           \
        hi_status status_ = (call);                                                                \
        if (status_ != HI_OK) {                                                                    \
            fprintf(stderr, "frame: %s failed (%d): %s\n", #call, (int)status_, hi_last_error()); \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

/* Stops the program when a call that must be refused is not refused with `expected`. */
static void expect_status(hi_status got, hi_status expected, const char *what) {
    if (got != expected) {
        fprintf(stderr, "frame: %s: expected status %d, got %d (%s)\n", what, (int)expected, (int)got,
                hi_last_error());
        exit(1);
    }
}

static hi_view view_named(const hi_world *world, const char *id) {
    hi_view view;
    bool found = false;
    CHECK(hi_world_view_for_id(world, id, &view, &found));
    if (!found) {
        fprintf(stderr, "frame: the scene has no view \"%s\"\n", id);
        exit(1);
    }
    return view;
}

static bool same_view(hi_view a, hi_view b) {
    return a.slot == b.slot && a.generation == b.generation && a.world == b.world;
}

/* What hi_world_remove_view_reporting told: how many handles it made stale, and the first one
 * (the view removed; its subviews follow it). */
typedef struct removal {
    size_t reported;
    hi_view first;
} removal;

static void count_removed(void *context, hi_view removed) {
    removal *r = context;
    if (r->reported == 0) r->first = removed;
    r->reported++;
}

static void print_id(const hi_snapshot *snapshot, hi_view view) {
    size_t length = 0;
    CHECK(hi_snapshot_view_id(snapshot, view, NULL, 0, &length));
    char *id = malloc(length + 1);
    if (id == NULL) exit(1);
    CHECK(hi_snapshot_view_id(snapshot, view, id, length + 1, &length));
    puts(id);
    free(id);
}

enum { FRAMES = 60, RECYCLE_AFTER = 5 };

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: %s SCENE OUT [X,Y ...]\n", argv[0]);
        return 2;
    }
    if (hi_abi_version() != HI_ABI_VERSION) {
        fprintf(stderr, "frame: library ABI %u, header %u\n", hi_abi_version(), HI_ABI_VERSION);
        return 1;
    }
    hi_world *world = NULL;
    if (hi_world_load_scene(argv[1], &world) != HI_OK) {
        fprintf(stderr, "%s\n", hi_last_error());
        return 2;
    }
    const hi_view window = view_named(world, "W");
    const hi_view list = view_named(world, "List");
    const hi_view button = view_named(world, "Button");
    const hi_view row0 = view_named(world, "Row0");
    const hi_position front = {HI_FRONT, 0, {0, 0, 0}};
    const hi_position back = {HI_BACK, 0, {0, 0, 0}};

    hi_view rows[FRAMES];
    uint64_t hits = 0, checksum = 0, version = 0;
    size_t removed = 0, list_subviews = 0;
    CHECK(hi_world_version(world, &version));
    if (version != 1) {
        fprintf(stderr, "frame: a loaded world is at version %llu, expected 1\n", (unsigned long long)version);
        return 1;
    }
    for (int f = 0; f < FRAMES; f++) {
        CHECK(hi_world_begin(world));
        CHECK(hi_world_scroll(world, list, 0, (f * 7) % 150));
        hi_view_def row = hi_default_view_def();
        row.bounds = (hi_rect){0, 0, 300, 40};
        row.center = (hi_point){150, 20 + (f * 37) % 260};
        row.user_value = (uint64_t)f + 1;
        char id[16];
        snprintf(id, sizeof id, "New%d", f);
        row.id = id;
        CHECK(hi_world_create_view(world, list, front, &row, &rows[f]));
        if (f >= RECYCLE_AFTER) {
            /* The engine drops its records of every handle the removal makes stale. */
            removal r = {0, {0, 0, 0}};
            CHECK(hi_world_remove_view_reporting(world, rows[f - RECYCLE_AFTER], count_removed, &r));
            if (r.reported == 0 || !same_view(r.first, rows[f - RECYCLE_AFTER])) {
                fprintf(stderr, "frame: frame %d: the removal did not report the removed row first\n", f);
                return 1;
            }
            removed += r.reported;
        }
        if (f % 7 == 3) CHECK(hi_world_move_view(world, button, list, back));
        if (f % 7 == 6) CHECK(hi_world_move_view(world, button, window, front));
        CHECK(hi_world_set_hidden(world, row0, f % 3 == 0));
        hi_snapshot *snapshot = NULL;
        CHECK(hi_world_commit(world, &snapshot));
        /* Every commit with edits publishes the next version; the writer knows it without
         * acquiring a snapshot. */
        uint64_t published = 0;
        CHECK(hi_world_version(world, &version));
        CHECK(hi_snapshot_version(snapshot, &published));
        if (version != (uint64_t)f + 2 || published != version) {
            fprintf(stderr, "frame: frame %d: world version %llu, snapshot version %llu, expected %d\n", f,
                    (unsigned long long)version, (unsigned long long)published, f + 2);
            return 1;
        }
        /* The list's subviews: counted on the writer (capacity 0 measures), then copied from the
         * snapshot into a buffer of that size; the row created in front is the last. */
        size_t subview_count = 0, copied = 0;
        CHECK(hi_world_subviews(world, list, NULL, 0, &subview_count));
        hi_view *subviews = malloc(subview_count * sizeof *subviews);
        if (subviews == NULL) return 1;
        CHECK(hi_snapshot_subviews(snapshot, list, subviews, subview_count, &copied));
        hi_view parent;
        CHECK(hi_snapshot_parent(snapshot, rows[f], &parent));
        const bool in_front = copied == subview_count && copied > 0 && same_view(subviews[copied - 1], rows[f]);
        free(subviews);
        if (!in_front || !same_view(parent, list)) {
            fprintf(stderr, "frame: frame %d: the list's front-most subview is not the new row\n", f);
            return 1;
        }
        list_subviews += subview_count;
        for (int i = 0; i < 10; i++) {
            for (int j = 0; j < 10; j++) {
                hi_hit hit;
                bool found = false;
                CHECK(hi_snapshot_hit_test(snapshot, 15 + 30.0 * i, 15 + 30.0 * j, &hit, &found));
                if (found) {
                    hits++;
                    checksum = checksum * 31 + hit.user_value;
                }
            }
        }
        hi_snapshot_release(snapshot);
    }

    /* Refusals: a recycled row's handle is stale; a cycle is invalid; a handle of another world
     * (the same scene loaded again: the same slot and generation, another tag) is stale; each
     * rejects its transaction and leaves the world as it was. */
    bool contains = true;
    CHECK(hi_world_contains(world, rows[0], &contains));
    if (contains) {
        fprintf(stderr, "frame: a removed row's handle still names a view\n");
        return 1;
    }
    CHECK(hi_world_begin(world));
    expect_status(hi_world_set_hidden(world, rows[0], true), HI_ERROR_STALE, "an edit with a stale handle");
    expect_status(hi_world_scroll(world, list, 0, 0), HI_ERROR_REJECTED, "an edit after a rejected one");
    expect_status(hi_world_commit(world, NULL), HI_ERROR_REJECTED, "the commit of a rejected transaction");
    CHECK(hi_world_begin(world));
    expect_status(hi_world_move_view(world, list, rows[FRAMES - 1], front), HI_ERROR_INVALID, "a cycle");
    expect_status(hi_world_commit(world, NULL), HI_ERROR_REJECTED, "the commit of a rejected transaction");
    expect_status(hi_world_commit(world, NULL), HI_ERROR_TRANSACTION, "a commit without a transaction");
    hi_world *other = NULL;
    CHECK(hi_world_load_scene(argv[1], &other));
    const hi_view other_list = view_named(other, "List");
    if (other_list.world == list.world) {
        fprintf(stderr, "frame: two worlds share the tag %u\n", (unsigned)list.world);
        return 1;
    }
    CHECK(hi_world_contains(world, other_list, &contains));
    if (contains) {
        fprintf(stderr, "frame: another world's handle names a view of this one\n");
        return 1;
    }
    size_t other_count = 0;
    expect_status(hi_world_subviews(world, other_list, NULL, 0, &other_count), HI_ERROR_STALE,
                  "a read with another world's handle");
    CHECK(hi_world_begin(world));
    expect_status(hi_world_scroll(world, other_list, 0, 0), HI_ERROR_STALE, "an edit with another world's handle");
    expect_status(hi_world_commit(world, NULL), HI_ERROR_REJECTED, "the commit of a rejected transaction");
    hi_world_destroy(other);
    CHECK(hi_world_check(world));
    CHECK(hi_world_version(world, &version));
    size_t count = 0;
    CHECK(hi_world_view_count(world, &count));
    fprintf(stderr,
            "frames: %d, views: %zu, hits: %llu, checksum: %llu, removed: %zu, list subviews: %zu, version: %llu\n",
            FRAMES, count, (unsigned long long)hits, (unsigned long long)checksum, removed, list_subviews,
            (unsigned long long)version);

    CHECK(hi_world_write_scene(world, argv[2]));
    hi_snapshot *snapshot = NULL;
    CHECK(hi_world_acquire_snapshot(world, &snapshot));
    int status = 0;
    for (int i = 3; i < argc; i++) {
        double x, y;
        char extra;
        if (sscanf(argv[i], "%lf,%lf%c", &x, &y, &extra) != 2) {
            fprintf(stderr, "frame: expected a point X,Y, got '%s'\n", argv[i]);
            status = 2;
            break;
        }
        hi_hit hit;
        bool found = false;
        CHECK(hi_snapshot_hit_test(snapshot, x, y, &hit, &found));
        if (found) {
            print_id(snapshot, hit.view);
        } else {
            puts("nil");
        }
    }
    hi_snapshot_release(snapshot);
    hi_world_destroy(world);
    return status;
}
