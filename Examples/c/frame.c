/*
 * frame: an engine's frame loop through the C API. It loads a scene with a list (Examples/list.json),
 * then for 60 frames scrolls the list, inserts a row, recycles the row inserted five frames
 * before, moves a button between containers, toggles a row's visibility, commits, and answers
 * 100 queries on the new snapshot. Then it checks the refusals (a stale handle, a cycle), writes
 * the final scene to OUT and prints the id of the view hit (or nil) at each point X,Y given, one
 * per line, exactly as `hitindex query OUT X,Y ...` does: CI diffs the two, and diffs the summary
 * line on stderr with the Rust and Python clients', which run the same loop.
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
    const hi_position front = {HI_FRONT, 0, {0, 0}};
    const hi_position back = {HI_BACK, 0, {0, 0}};

    hi_view rows[FRAMES];
    uint64_t hits = 0, checksum = 0;
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
        if (f >= RECYCLE_AFTER) CHECK(hi_world_remove_view(world, rows[f - RECYCLE_AFTER]));
        if (f % 7 == 3) CHECK(hi_world_move_view(world, button, list, back));
        if (f % 7 == 6) CHECK(hi_world_move_view(world, button, window, front));
        CHECK(hi_world_set_hidden(world, row0, f % 3 == 0));
        hi_snapshot *snapshot = NULL;
        CHECK(hi_world_commit(world, &snapshot));
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

    /* Refusals: a recycled row's handle is stale; a cycle is invalid; each rejects its transaction
     * and leaves the world as it was. */
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
    CHECK(hi_world_check(world));
    size_t count = 0;
    CHECK(hi_world_view_count(world, &count));
    fprintf(stderr, "frames: %d, views: %zu, hits: %llu, checksum: %llu\n", FRAMES, count,
            (unsigned long long)hits, (unsigned long long)checksum);

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
