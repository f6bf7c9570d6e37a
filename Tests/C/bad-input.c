/*
 * bad-input: every C API function with NULL pointers, stale and zero handles, handles of another
 * world, NaN and infinite values, a cycle, out-of-range positions and too small buffers, from C.
 * Each call must return the documented status and set a message, and a failed call must leave its
 * outputs as they were; after each the world must pass its invariant check, answer as before and
 * publish no version.
 * CI runs it under AddressSanitizer (with its leak checker), UndefinedBehaviorSanitizer and
 * -Wall -Wextra -Werror, so a crash, an overflow or a leak in any refusal path fails the run.
 *
 *   cc -std=c99 -Wall -Wextra -Werror -fsanitize=address,undefined -Iinclude Tests/C/bad-input.c \
 *      -L.build/release -lHitIndexC -Wl,-rpath,.build/release -o /tmp/hi-bad-input
 *   /tmp/hi-bad-input Examples/seed000.json
 */
#include <hitindex.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;
static int checked = 0;

/* Checks one call's status and that a failure left a message naming the function. */
static void expect(hi_status got, hi_status want, const char *call, int line) {
    checked++;
    if (got != want) {
        fprintf(stderr, "bad-input:%d: %s: expected %d, got %d (%s)\n", line, call, (int)want, (int)got,
                hi_last_error());
        failures++;
    } else if (want != HI_OK && strncmp(hi_last_error(), "hi_", 3) != 0) {
        fprintf(stderr, "bad-input:%d: %s: the message does not name the function: '%s'\n", line, call,
                hi_last_error());
        failures++;
    }
}

#define EXPECT(call, status) expect((call), (status), #call, __LINE__)

/* EXPECT, and the message must say `text` (a refusal's reason, in words). */
#define EXPECT_SAYS(call, status, text)                                                              \
    do {                                                                                             \
        EXPECT(call, status);                                                                        \
        if (strstr(hi_last_error(), (text)) == NULL) {                                               \
            fprintf(stderr, "bad-input:%d: %s: the message does not say '%s': '%s'\n", __LINE__, #call, \
                    (text), hi_last_error());                                                        \
            failures++;                                                                              \
        }                                                                                            \
    } while (0)

/* A condition that must hold, counted as a check. */
#define ASSERT(condition) expect((condition) ? HI_OK : HI_ERROR_INVALID, HI_OK, #condition, __LINE__)

static bool same(hi_view a, hi_view b) { return a.slot == b.slot && a.generation == b.generation && a.world == b.world; }

static hi_world *world;

/* The world's answers on a grid, to see that refusals change nothing. */
static uint64_t fingerprint(void) {
    hi_snapshot *snapshot = NULL;
    EXPECT(hi_world_acquire_snapshot(world, &snapshot), HI_OK);
    uint64_t sum = 0;
    for (double x = -5; x < 400; x += 7) {
        for (double y = -5; y < 700; y += 9) {
            hi_hit hit;
            bool found = false;
            EXPECT(hi_snapshot_hit_test(snapshot, x, y, &hit, &found), HI_OK);
            sum = sum * 1000003u + (found ? hit.view.slot * 7919u + hit.view.generation : 1u);
        }
    }
    hi_snapshot_release(snapshot);
    return sum;
}

static hi_view named(const char *id) {
    hi_view view = {0, 0, 0};
    bool found = false;
    EXPECT(hi_world_view_for_id(world, id, &view, &found), HI_OK);
    if (!found) {
        fprintf(stderr, "bad-input: no view %s\n", id);
        exit(1);
    }
    return view;
}

static int releases = 0;
static void release(void *context) { releases += context == &releases; }
static bool never(void *context, hi_view view, double x, double y) {
    (void)context, (void)view, (void)x, (void)y;
    return false;
}
static bool visit_hit(void *context, hi_hit hit) {
    (void)context, (void)hit;
    return true;
}

/* What hi_world_remove_view_reporting reported: every handle, in order (at most 8 kept). */
typedef struct report {
    size_t count;
    hi_view handles[8];
} report;
static void record_removed(void *context, hi_view removed) {
    report *r = context;
    if (r->count < 8) r->handles[r->count] = removed;
    r->count++;
}

/* Runs one bad edit inside a transaction that also holds a good one: the bad edit must fail with
 * `want`, the next edit must be refused as rejected, the commit must undo the good edit, and the
 * world must be as it was and sound. */
#define BAD_EDIT(call, want)                                                            \
    do {                                                                                \
        EXPECT(hi_world_begin(world), HI_OK);                                           \
        EXPECT(hi_world_set_hidden(world, named("SubView3"), true), HI_OK);             \
        EXPECT(call, want);                                                             \
        EXPECT(hi_world_set_pass_through(world, named("SubView1"), true), HI_ERROR_REJECTED); \
        EXPECT(hi_world_commit(world, NULL), HI_ERROR_REJECTED);                        \
        EXPECT(hi_world_check(world), HI_OK);                                           \
        EXPECT(hi_world_version(world, &u64), HI_OK);                                   \
        ASSERT(u64 == 1);                                                               \
        if (fingerprint() != before) {                                                  \
            fprintf(stderr, "bad-input:%d: %s changed the world\n", __LINE__, #call);   \
            failures++;                                                                 \
        }                                                                               \
    } while (0)

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s Examples/seed000.json\n", argv[0]);
        return 2;
    }
    hi_world *none = NULL;
    hi_snapshot *no_snapshot = NULL;
    hi_view_def def = hi_default_view_def();
    hi_hit hit;
    bool flag = false;
    size_t size = 0;
    uint64_t u64 = 0;
    char buffer[8];

    /* Loading and creating. */
    EXPECT(hi_world_load_scene(NULL, &none), HI_ERROR_NULL);
    EXPECT(hi_world_load_scene(argv[1], NULL), HI_ERROR_NULL);
    EXPECT(hi_world_load_scene("/nonexistent/scene.json", &none), HI_ERROR_SCENE);
    EXPECT(hi_world_create(NULL, 3, &none), HI_ERROR_NULL);
    EXPECT(hi_world_create(&def, 1, NULL), HI_ERROR_NULL);
    EXPECT(hi_world_create(&def, SIZE_MAX, &none), HI_ERROR_INVALID);
    hi_view_def defs[2] = {hi_default_view_def(), hi_default_view_def()};
    defs[0].parent = 1, defs[1].parent = 0; /* a cycle of parents */
    EXPECT(hi_world_create(defs, 2, &none), HI_ERROR_INVALID);
    defs[0].parent = -1, defs[1].parent = 5; /* out of range */
    EXPECT(hi_world_create(defs, 2, &none), HI_ERROR_INVALID);
    defs[1].parent = 0, defs[1].center.x = NAN;
    EXPECT(hi_world_create(defs, 2, &none), HI_ERROR_INVALID);
    defs[1].center.x = 0, defs[1].shape = (hi_shape)9;
    EXPECT(hi_world_create(defs, 2, &none), HI_ERROR_INVALID);
    defs[1].shape = HI_SHAPE_RECT, defs[1].redirect_target = 2;
    EXPECT(hi_world_create(defs, 2, &none), HI_ERROR_INVALID);
    defs[1].redirect_target = -1, defs[0].id = "same", defs[1].id = "same";
    EXPECT(hi_world_create(defs, 2, &none), HI_ERROR_INVALID);
    if (none != NULL) {
        fprintf(stderr, "bad-input: a refused load set its output\n");
        return 1;
    }
    hi_world_destroy(NULL);
    hi_snapshot_release(NULL);

    EXPECT(hi_world_load_scene(argv[1], &world), HI_OK);
    const uint64_t before = fingerprint();
    const hi_view sub3 = named("SubView3"), top = named("TopView"), sub1 = named("SubView1");
    const hi_view deep = named("SubView1Sub1Sub1"), sub1sub1 = named("SubView1Sub1");
    const hi_view stale = {sub3.slot, sub3.generation + 1, sub3.world}, beyond = {4000000000u, 1, sub3.world};
    const hi_view zero = {0, 0, 0};
    /* SubView3's slot and generation without its world's tag (as an ABI 1 client would build it). */
    const hi_view untagged = {sub3.slot, sub3.generation, 0};
    const hi_position front = {HI_FRONT, 0, {0, 0, 0}};

    /* Another world from the same file: its SubView3 has this world's slot and generation, and
     * another tag, so that neither world answers for the other's handles. */
    hi_world *other = NULL;
    EXPECT(hi_world_load_scene(argv[1], &other), HI_OK);
    hi_view foreign = zero;
    EXPECT(hi_world_view_for_id(other, "SubView3", &foreign, &flag), HI_OK);
    ASSERT(flag && foreign.slot == sub3.slot && foreign.generation == sub3.generation && foreign.world != sub3.world);
    ASSERT(sub3.world != 0 && foreign.world != 0);

    /* hi_world_loaded_view: the paint-order positions of the file (SubView3 is the seventh). */
    hi_view view = beyond;
    EXPECT(hi_world_loaded_view(NULL, 6, &view), HI_ERROR_NULL);
    EXPECT(hi_world_loaded_view(world, 6, NULL), HI_ERROR_NULL);
    EXPECT(hi_world_loaded_view(world, 8, &view), HI_ERROR_STALE);
    EXPECT(hi_world_loaded_view(world, SIZE_MAX, &view), HI_ERROR_STALE);
    EXPECT(hi_world_loaded_view(world, (size_t)INT64_MAX + 1, &view), HI_ERROR_STALE);
    ASSERT(same(view, beyond)); /* refusals leave the output alone */
    EXPECT(hi_world_loaded_view(world, 6, &view), HI_OK);
    ASSERT(same(view, sub3));
    EXPECT(hi_world_loaded_view(other, 6, &view), HI_OK);
    ASSERT(same(view, foreign));

    /* hi_world_version: 1 for a loaded world. */
    u64 = 99;
    EXPECT(hi_world_version(NULL, &u64), HI_ERROR_NULL);
    EXPECT(hi_world_version(world, NULL), HI_ERROR_NULL);
    ASSERT(u64 == 99);
    EXPECT(hi_world_version(world, &u64), HI_OK);
    ASSERT(u64 == 1);

    /* Reads with NULL and stale handles. */
    EXPECT(hi_world_view_count(NULL, &size), HI_ERROR_NULL);
    EXPECT(hi_world_view_count(world, NULL), HI_ERROR_NULL);
    EXPECT(hi_world_acquire_snapshot(NULL, &no_snapshot), HI_ERROR_NULL);
    EXPECT(hi_world_acquire_snapshot(world, NULL), HI_ERROR_NULL);
    EXPECT(hi_world_contains(world, stale, NULL), HI_ERROR_NULL);
    EXPECT(hi_world_contains(world, beyond, &flag), HI_OK);
    EXPECT(flag ? HI_ERROR_INVALID : HI_OK, HI_OK);
    EXPECT(hi_world_contains(world, foreign, &flag), HI_OK);
    ASSERT(!flag);
    EXPECT(hi_world_contains(world, untagged, &flag), HI_OK);
    ASSERT(!flag);
    EXPECT(hi_world_contains(other, foreign, &flag), HI_OK);
    ASSERT(flag);
    EXPECT(hi_world_view_for_id(world, NULL, &hit.view, &flag), HI_ERROR_NULL);
    EXPECT(hi_world_get_attributes(world, stale, &def), HI_ERROR_STALE);
    EXPECT(hi_world_get_attributes(world, beyond, &def), HI_ERROR_STALE);
    EXPECT_SAYS(hi_world_get_attributes(world, foreign, &def), HI_ERROR_STALE, "another world");
    EXPECT(hi_world_get_attributes(world, untagged, &def), HI_ERROR_STALE);
    EXPECT(hi_world_get_attributes(NULL, sub3, &def), HI_ERROR_NULL);
    EXPECT(hi_world_get_attributes(world, sub3, &def), HI_OK);
    ASSERT(same(def.superview, top) && same(def.redirect, zero));
    EXPECT(hi_world_get_attributes(world, top, &def), HI_OK);
    ASSERT(same(def.superview, zero));
    def = hi_default_view_def();

    /* The tree read from the writer: NULL pointers, a buffer without room, stale, unknown, zero,
     * untagged and other worlds' handles; each refusal leaves its outputs alone. */
    const hi_view stale_handles[5] = {stale, beyond, zero, untagged, foreign};
    hi_view list[4] = {beyond, beyond, beyond, beyond};
    double level = 42;
    size = 77;
    EXPECT(hi_world_parent(NULL, sub3, &view), HI_ERROR_NULL);
    EXPECT(hi_world_parent(world, sub3, NULL), HI_ERROR_NULL);
    EXPECT(hi_world_subviews(NULL, top, list, 4, &size), HI_ERROR_NULL);
    EXPECT(hi_world_subviews(world, top, list, 4, NULL), HI_ERROR_NULL);
    EXPECT(hi_world_subviews(world, top, NULL, 4, &size), HI_ERROR_NULL);
    EXPECT(hi_world_windows(NULL, list, 4, &size), HI_ERROR_NULL);
    EXPECT(hi_world_windows(world, list, 4, NULL), HI_ERROR_NULL);
    EXPECT(hi_world_windows(world, NULL, 1, &size), HI_ERROR_NULL);
    EXPECT(hi_world_is_window(NULL, top, &flag), HI_ERROR_NULL);
    EXPECT(hi_world_is_window(world, top, NULL), HI_ERROR_NULL);
    EXPECT(hi_world_window_level(NULL, top, &level), HI_ERROR_NULL);
    EXPECT(hi_world_window_level(world, top, NULL), HI_ERROR_NULL);
    EXPECT(hi_world_redirect_target(NULL, sub3, &view), HI_ERROR_NULL);
    EXPECT(hi_world_redirect_target(world, sub3, NULL), HI_ERROR_NULL);
    EXPECT(hi_world_view_id(NULL, sub3, buffer, sizeof buffer, &size), HI_ERROR_NULL);
    EXPECT(hi_world_view_id(world, sub3, buffer, sizeof buffer, NULL), HI_ERROR_NULL);
    EXPECT(hi_world_view_id(world, sub3, NULL, 4, &size), HI_ERROR_NULL);
    for (int i = 0; i < 5; i++) {
        const hi_view h = stale_handles[i];
        EXPECT(hi_world_parent(world, h, &view), HI_ERROR_STALE);
        EXPECT(hi_world_subviews(world, h, list, 4, &size), HI_ERROR_STALE);
        EXPECT(hi_world_subviews(world, h, NULL, 0, &size), HI_ERROR_STALE);
        EXPECT(hi_world_is_window(world, h, &flag), HI_ERROR_STALE);
        EXPECT(hi_world_window_level(world, h, &level), HI_ERROR_STALE);
        EXPECT(hi_world_redirect_target(world, h, &view), HI_ERROR_STALE);
        EXPECT(hi_world_view_id(world, h, buffer, sizeof buffer, &size), HI_ERROR_STALE);
    }
    EXPECT_SAYS(hi_world_parent(world, foreign, &view), HI_ERROR_STALE, "another world");
    EXPECT_SAYS(hi_world_subviews(world, zero, NULL, 0, &size), HI_ERROR_STALE, "zero handle");
    EXPECT_SAYS(hi_world_window_level(world, sub3, &level), HI_ERROR_INVALID, "not a window");
    ASSERT(same(view, foreign) && size == 77 && level == 42 && same(list[0], beyond) && same(list[3], beyond));
    /* The caller's buffer: capacity 0 measures, a small one is filled as far as it goes, and a
     * capacity above the count (SIZE_MAX included) writes the count only. */
    EXPECT(hi_world_subviews(world, top, NULL, 0, &size), HI_OK);
    ASSERT(size == 4);
    EXPECT(hi_world_subviews(world, top, list, 2, &size), HI_OK);
    ASSERT(size == 4 && same(list[0], sub1) && !same(list[1], beyond) && same(list[2], beyond) && same(list[3], beyond));
    EXPECT(hi_world_subviews(world, top, list, SIZE_MAX, &size), HI_OK);
    ASSERT(size == 4 && same(list[2], sub3));
    EXPECT(hi_world_subviews(world, deep, list, 4, &size), HI_OK);
    ASSERT(size == 0);
    EXPECT(hi_world_windows(world, NULL, 0, &size), HI_OK);
    ASSERT(size == 1);
    EXPECT(hi_world_windows(world, list, SIZE_MAX, &size), HI_OK);
    ASSERT(size == 1 && same(list[0], top));
    EXPECT(hi_world_parent(world, sub1sub1, &view), HI_OK);
    ASSERT(same(view, sub1));
    EXPECT(hi_world_parent(world, top, &view), HI_OK);
    ASSERT(same(view, zero));
    EXPECT(hi_world_is_window(world, top, &flag), HI_OK);
    ASSERT(flag);
    EXPECT(hi_world_is_window(world, sub3, &flag), HI_OK);
    ASSERT(!flag);
    EXPECT(hi_world_window_level(world, top, &level), HI_OK);
    ASSERT(level == 0);
    EXPECT(hi_world_redirect_target(world, sub3, &view), HI_OK);
    ASSERT(same(view, zero));
    EXPECT(hi_world_view_id(world, sub3, buffer, 4, &size), HI_OK);
    ASSERT(size == 8 && strcmp(buffer, "Sub") == 0);
    EXPECT(hi_world_view_id(world, sub3, NULL, 0, &size), HI_OK);
    ASSERT(size == 8);
    EXPECT(hi_world_write_scene(world, NULL), HI_ERROR_NULL);
    EXPECT(hi_world_write_scene(world, "/nonexistent/out.json"), HI_ERROR_SCENE);
    EXPECT(hi_world_check(NULL), HI_ERROR_NULL);

    hi_snapshot *snapshot = NULL;
    EXPECT(hi_world_acquire_snapshot(world, &snapshot), HI_OK);
    EXPECT(hi_snapshot_hit_test(NULL, 1, 1, &hit, &flag), HI_ERROR_NULL);
    EXPECT(hi_snapshot_hit_test(snapshot, 1, 1, NULL, &flag), HI_ERROR_NULL);
    EXPECT(hi_snapshot_hit_test(snapshot, NAN, INFINITY, &hit, &flag), HI_OK);
    EXPECT(flag ? HI_ERROR_INVALID : HI_OK, HI_OK);
    EXPECT(hi_snapshot_view_id(snapshot, stale, buffer, sizeof buffer, &size), HI_ERROR_STALE);
    EXPECT(hi_snapshot_view_id(snapshot, sub3, NULL, 4, &size), HI_ERROR_NULL);
    EXPECT(hi_snapshot_view_id(snapshot, sub3, buffer, sizeof buffer, NULL), HI_ERROR_NULL);
    EXPECT(hi_snapshot_view_id(snapshot, sub3, buffer, 4, &size), HI_OK);
    EXPECT(size == 8 && strcmp(buffer, "Sub") == 0 ? HI_OK : HI_ERROR_INVALID, HI_OK);
    EXPECT(hi_snapshot_version(snapshot, NULL), HI_ERROR_NULL);
    EXPECT(hi_snapshot_view_count(NULL, &size), HI_ERROR_NULL);
    EXPECT(hi_snapshot_contains(snapshot, beyond, NULL), HI_ERROR_NULL);
    EXPECT(hi_snapshot_user_value(snapshot, stale, &u64), HI_ERROR_STALE);
    EXPECT(hi_snapshot_user_value(snapshot, beyond, &u64), HI_ERROR_STALE);
    EXPECT_SAYS(hi_snapshot_user_value(snapshot, foreign, &u64), HI_ERROR_STALE, "another world");
    EXPECT_SAYS(hi_snapshot_view_id(snapshot, foreign, buffer, sizeof buffer, &size), HI_ERROR_STALE, "another world");
    EXPECT(hi_snapshot_contains(snapshot, foreign, &flag), HI_OK);
    ASSERT(!flag);

    /* The tree read from a snapshot: the same refusals; a handle of the world is refused by
     * another world's snapshot. */
    hi_snapshot *other_snapshot = NULL;
    EXPECT(hi_world_acquire_snapshot(other, &other_snapshot), HI_OK);
    size = 77, level = 42, view = beyond, flag = true;
    list[0] = list[1] = list[2] = list[3] = beyond;
    EXPECT(hi_snapshot_parent(NULL, sub3, &view), HI_ERROR_NULL);
    EXPECT(hi_snapshot_parent(snapshot, sub3, NULL), HI_ERROR_NULL);
    EXPECT(hi_snapshot_subviews(NULL, top, list, 4, &size), HI_ERROR_NULL);
    EXPECT(hi_snapshot_subviews(snapshot, top, list, 4, NULL), HI_ERROR_NULL);
    EXPECT(hi_snapshot_subviews(snapshot, top, NULL, 4, &size), HI_ERROR_NULL);
    EXPECT(hi_snapshot_windows(NULL, list, 4, &size), HI_ERROR_NULL);
    EXPECT(hi_snapshot_windows(snapshot, list, 4, NULL), HI_ERROR_NULL);
    EXPECT(hi_snapshot_windows(snapshot, NULL, 1, &size), HI_ERROR_NULL);
    EXPECT(hi_snapshot_is_window(NULL, top, &flag), HI_ERROR_NULL);
    EXPECT(hi_snapshot_is_window(snapshot, top, NULL), HI_ERROR_NULL);
    EXPECT(hi_snapshot_window_level(NULL, top, &level), HI_ERROR_NULL);
    EXPECT(hi_snapshot_window_level(snapshot, top, NULL), HI_ERROR_NULL);
    EXPECT(hi_snapshot_redirect_target(NULL, sub3, &view), HI_ERROR_NULL);
    EXPECT(hi_snapshot_redirect_target(snapshot, sub3, NULL), HI_ERROR_NULL);
    for (int i = 0; i < 5; i++) {
        const hi_view h = stale_handles[i];
        EXPECT(hi_snapshot_parent(snapshot, h, &view), HI_ERROR_STALE);
        EXPECT(hi_snapshot_subviews(snapshot, h, list, 4, &size), HI_ERROR_STALE);
        EXPECT(hi_snapshot_is_window(snapshot, h, &flag), HI_ERROR_STALE);
        EXPECT(hi_snapshot_window_level(snapshot, h, &level), HI_ERROR_STALE);
        EXPECT(hi_snapshot_redirect_target(snapshot, h, &view), HI_ERROR_STALE);
    }
    EXPECT_SAYS(hi_snapshot_parent(other_snapshot, sub3, &view), HI_ERROR_STALE, "another world");
    EXPECT_SAYS(hi_snapshot_subviews(other_snapshot, top, NULL, 0, &size), HI_ERROR_STALE, "another world");
    EXPECT(hi_snapshot_is_window(other_snapshot, top, &flag), HI_ERROR_STALE);
    EXPECT(hi_snapshot_redirect_target(other_snapshot, sub3, &view), HI_ERROR_STALE);
    EXPECT(hi_snapshot_user_value(other_snapshot, sub3, &u64), HI_ERROR_STALE);
    EXPECT_SAYS(hi_snapshot_window_level(snapshot, sub3, &level), HI_ERROR_INVALID, "not a window");
    ASSERT(same(view, beyond) && size == 77 && level == 42 && flag && same(list[0], beyond));
    EXPECT(hi_snapshot_subviews(snapshot, top, list, 2, &size), HI_OK);
    ASSERT(size == 4 && same(list[0], sub1) && same(list[2], beyond));
    EXPECT(hi_snapshot_subviews(snapshot, top, list, SIZE_MAX, &size), HI_OK);
    ASSERT(size == 4 && same(list[2], sub3));
    EXPECT(hi_snapshot_windows(snapshot, list, 4, &size), HI_OK);
    ASSERT(size == 1 && same(list[0], top));
    EXPECT(hi_snapshot_windows(other_snapshot, list, 1, &size), HI_OK);
    ASSERT(size == 1 && list[0].world == foreign.world);
    EXPECT(hi_snapshot_parent(snapshot, deep, &view), HI_OK);
    ASSERT(same(view, sub1sub1));
    EXPECT(hi_snapshot_is_window(snapshot, top, &flag), HI_OK);
    ASSERT(flag);
    EXPECT(hi_snapshot_window_level(snapshot, top, &level), HI_OK);
    ASSERT(level == 0);
    EXPECT(hi_snapshot_redirect_target(snapshot, sub3, &view), HI_OK);
    ASSERT(same(view, zero));
    hi_snapshot_release(other_snapshot);
    hi_point points[2] = {{NAN, 1}, {1e308, -INFINITY}};
    hi_hit hits[2];
    bool found[2];
    EXPECT(hi_snapshot_hit_test_batch(snapshot, NULL, 2, hits, found, 2), HI_ERROR_NULL);
    EXPECT(hi_snapshot_hit_test_batch(snapshot, points, 2, NULL, found, 2), HI_ERROR_NULL);
    EXPECT(hi_snapshot_hit_test_batch(snapshot, points, SIZE_MAX, hits, found, 2), HI_ERROR_INVALID);
    EXPECT(hi_snapshot_hit_test_batch(snapshot, points, 2, hits, found, UINT32_MAX), HI_OK);
    EXPECT(found[0] || found[1] ? HI_ERROR_INVALID : HI_OK, HI_OK);
    EXPECT(hi_snapshot_hit_test_all(snapshot, 1, 1, NULL, NULL), HI_ERROR_NULL);
    EXPECT(hi_snapshot_hit_test_all(NULL, 1, 1, visit_hit, NULL), HI_ERROR_NULL);
    EXPECT(hi_snapshot_hit_test_all(snapshot, NAN, 1, visit_hit, NULL), HI_OK);
    EXPECT(hi_snapshot_explain(snapshot, 1, 1, 3, NULL, NULL), HI_ERROR_NULL);
    hi_snapshot_release(snapshot);

    /* Transactions. */
    EXPECT(hi_world_begin(NULL), HI_ERROR_NULL);
    EXPECT(hi_world_commit(NULL, NULL), HI_ERROR_NULL);
    EXPECT(hi_world_discard(NULL), HI_ERROR_NULL);
    EXPECT(hi_world_commit(world, NULL), HI_ERROR_TRANSACTION);
    EXPECT(hi_world_scroll(world, sub1, 0, 1), HI_ERROR_TRANSACTION);
    EXPECT(hi_world_begin(world), HI_OK);
    EXPECT(hi_world_begin(world), HI_ERROR_TRANSACTION);
    EXPECT(hi_world_create_view(world, top, front, NULL, NULL), HI_ERROR_NULL);
    EXPECT(hi_world_create_window(world, NULL, NULL), HI_ERROR_NULL);
    EXPECT(hi_world_set_attributes(world, sub3, NULL), HI_ERROR_NULL);
    EXPECT(hi_world_remove_view_reporting(NULL, sub3, record_removed, NULL), HI_ERROR_NULL);
    EXPECT(hi_world_compact(NULL), HI_ERROR_NULL);
    EXPECT(hi_world_discard(world), HI_OK);
    EXPECT(hi_world_compact(world), HI_ERROR_TRANSACTION);
    report reported = {0, {{0, 0, 0}}};
    EXPECT(hi_world_remove_view_reporting(world, sub1, record_removed, &reported), HI_ERROR_TRANSACTION);
    ASSERT(reported.count == 0);

    /* A removal reports the view first and each view before its subviews; when the transaction
     * is discarded the views come back with the same handles, and nothing is published. */
    EXPECT(hi_world_begin(world), HI_OK);
    EXPECT(hi_world_remove_view_reporting(world, sub1, record_removed, &reported), HI_OK);
    ASSERT(reported.count == 3 && same(reported.handles[0], sub1) && same(reported.handles[1], sub1sub1) &&
           same(reported.handles[2], deep));
    EXPECT(hi_world_contains(world, deep, &flag), HI_OK);
    ASSERT(!flag);
    EXPECT(hi_world_parent(world, deep, &view), HI_ERROR_STALE);
    EXPECT(hi_world_subviews(world, top, NULL, 0, &size), HI_OK);
    ASSERT(size == 3);
    EXPECT(hi_world_discard(world), HI_OK);
    EXPECT(hi_world_contains(world, deep, &flag), HI_OK);
    ASSERT(flag);
    EXPECT(hi_world_begin(world), HI_OK);
    EXPECT(hi_world_remove_view_reporting(world, deep, NULL, NULL), HI_OK); /* no visitor */
    EXPECT(hi_world_discard(world), HI_OK);
    EXPECT(hi_world_check(world), HI_OK);
    EXPECT(hi_world_version(world, &u64), HI_OK);
    ASSERT(u64 == 1 && fingerprint() == before);
    /* After a rejection a removal is refused without a report. */
    reported.count = 0;
    EXPECT(hi_world_begin(world), HI_OK);
    EXPECT(hi_world_set_hidden(world, stale, true), HI_ERROR_STALE);
    EXPECT(hi_world_remove_view_reporting(world, sub1, record_removed, &reported), HI_ERROR_REJECTED);
    EXPECT(hi_world_compact(world), HI_ERROR_REJECTED);
    EXPECT(hi_world_commit(world, NULL), HI_ERROR_REJECTED);
    ASSERT(reported.count == 0);

    /* Bad edits: each rejects its transaction and changes nothing. */
    def = hi_default_view_def();
    BAD_EDIT(hi_world_create_view(world, stale, front, &def, NULL), HI_ERROR_STALE);
    BAD_EDIT(hi_world_create_view(world, (hi_view){0, 0, 0}, front, &def, NULL), HI_ERROR_STALE);
    BAD_EDIT(hi_world_create_view(world, top, (hi_position){HI_AT_INDEX, -1, {0, 0, 0}}, &def, NULL), HI_ERROR_INVALID);
    BAD_EDIT(hi_world_create_view(world, top, (hi_position){HI_AT_INDEX, INT64_MAX, {0, 0, 0}}, &def, NULL),
             HI_ERROR_INVALID);
    BAD_EDIT(hi_world_create_view(world, top, (hi_position){(hi_place)99, 0, {0, 0, 0}}, &def, NULL), HI_ERROR_INVALID);
    BAD_EDIT(hi_world_create_view(world, top, (hi_position){HI_ABOVE, 0, stale}, &def, NULL), HI_ERROR_STALE);
    BAD_EDIT(hi_world_create_view(world, top, (hi_position){HI_ABOVE, 0, deep}, &def, NULL), HI_ERROR_INVALID);
    def.center.y = INFINITY;
    BAD_EDIT(hi_world_create_view(world, top, front, &def, NULL), HI_ERROR_INVALID);
    BAD_EDIT(hi_world_create_window(world, &def, NULL), HI_ERROR_INVALID);
    def.center.y = 0, def.window_level = NAN;
    BAD_EDIT(hi_world_create_window(world, &def, NULL), HI_ERROR_INVALID);
    def.window_level = 0, def.id = "SubView1";
    BAD_EDIT(hi_world_create_view(world, top, front, &def, NULL), HI_ERROR_INVALID);
    def.id = NULL;
    BAD_EDIT(hi_world_remove_view(world, stale), HI_ERROR_STALE);
    BAD_EDIT(hi_world_remove_view(world, beyond), HI_ERROR_STALE);
    BAD_EDIT(hi_world_remove_view(world, foreign), HI_ERROR_STALE);
    BAD_EDIT(hi_world_remove_view_reporting(world, stale, record_removed, &reported), HI_ERROR_STALE);
    BAD_EDIT(hi_world_remove_view_reporting(world, beyond, record_removed, &reported), HI_ERROR_STALE);
    BAD_EDIT(hi_world_remove_view_reporting(world, zero, record_removed, &reported), HI_ERROR_STALE);
    BAD_EDIT(hi_world_remove_view_reporting(world, untagged, record_removed, &reported), HI_ERROR_STALE);
    BAD_EDIT(hi_world_remove_view_reporting(world, foreign, record_removed, &reported), HI_ERROR_STALE);
    ASSERT(reported.count == 0); /* a refused removal reports nothing */
    BAD_EDIT(hi_world_move_view(world, sub1, deep, front), HI_ERROR_INVALID);
    BAD_EDIT(hi_world_move_view(world, sub1, sub1, front), HI_ERROR_INVALID);
    BAD_EDIT(hi_world_move_view(world, top, sub1, front), HI_ERROR_INVALID);
    BAD_EDIT(hi_world_move_view(world, sub1, stale, front), HI_ERROR_STALE);
    BAD_EDIT(hi_world_move_view(world, sub1, top, (hi_position){HI_AT_INDEX, 4, {0, 0, 0}}), HI_ERROR_INVALID);
    BAD_EDIT(hi_world_move_view(world, sub1, top, (hi_position){HI_BELOW, 0, sub1}), HI_ERROR_INVALID);
    BAD_EDIT(hi_world_scroll(world, sub1, NAN, 0), HI_ERROR_INVALID);
    BAD_EDIT(hi_world_scroll(world, stale, 0, 0), HI_ERROR_STALE);
    def.alpha = -0.5f;
    BAD_EDIT(hi_world_set_attributes(world, sub3, &def), HI_ERROR_INVALID);
    def.alpha = 1;
    BAD_EDIT(hi_world_set_attributes(world, stale, &def), HI_ERROR_STALE);
    BAD_EDIT(hi_world_set_frame(world, sub3, (hi_rect){0, 0, INFINITY, 1}), HI_ERROR_INVALID);
    BAD_EDIT(hi_world_set_bounds(world, sub3, (hi_rect){NAN, 0, 1, 1}), HI_ERROR_INVALID);
    BAD_EDIT(hi_world_set_center(world, beyond, (hi_point){1, 1}), HI_ERROR_STALE);
    BAD_EDIT(hi_world_set_anchor_point(world, sub3, (hi_point){0, -INFINITY}), HI_ERROR_INVALID);
    BAD_EDIT(hi_world_set_transform(world, sub3, (hi_transform){1, 0, 0, NAN, 0, 0}), HI_ERROR_INVALID);
    BAD_EDIT(hi_world_set_hidden(world, stale, true), HI_ERROR_STALE);
    BAD_EDIT(hi_world_set_alpha(world, sub3, NAN), HI_ERROR_INVALID);
    BAD_EDIT(hi_world_set_user_interaction_enabled(world, stale, false), HI_ERROR_STALE);
    BAD_EDIT(hi_world_set_hit_test_insets(world, sub3, (hi_insets){0, 0, INFINITY, 0}), HI_ERROR_INVALID);
    BAD_EDIT(hi_world_set_minimum_hit_size(world, sub3, NAN, 1), HI_ERROR_INVALID);
    BAD_EDIT(hi_world_set_shape(world, sub3, (hi_shape)3, 0), HI_ERROR_INVALID);
    BAD_EDIT(hi_world_set_shape(world, sub3, HI_SHAPE_ROUNDED_RECT, -1), HI_ERROR_INVALID);
    /* A stale handle is reported first, whatever else is wrong with the edit. */
    BAD_EDIT(hi_world_set_shape(world, stale, (hi_shape)3, 0), HI_ERROR_STALE);
    BAD_EDIT(hi_world_create_view(world, stale, (hi_position){(hi_place)99, 0, {0, 0, 0}}, &def, NULL), HI_ERROR_STALE);
    BAD_EDIT(hi_world_move_view(world, sub1, top, (hi_position){(hi_place)99, 0, {0, 0, 0}}), HI_ERROR_INVALID);
    BAD_EDIT(hi_world_move_view(world, stale, top, (hi_position){(hi_place)99, 0, {0, 0, 0}}), HI_ERROR_STALE);
    BAD_EDIT(hi_world_set_hit_tests_subviews_outside_bounds(world, stale, true), HI_ERROR_STALE);
    BAD_EDIT(hi_world_set_pass_through(world, beyond, true), HI_ERROR_STALE);
    BAD_EDIT(hi_world_set_user_value(world, stale, 1), HI_ERROR_STALE);
    BAD_EDIT(hi_world_set_id(world, sub3, "SubView1"), HI_ERROR_INVALID);
    BAD_EDIT(hi_world_set_id(world, sub3, "\xff\xfe"), HI_ERROR_INVALID);
    BAD_EDIT(hi_world_set_window_level(world, sub3, 1), HI_ERROR_INVALID);
    BAD_EDIT(hi_world_set_window_level(world, top, INFINITY), HI_ERROR_INVALID);
    BAD_EDIT(hi_world_set_redirect(world, sub3, stale), HI_ERROR_STALE);
    BAD_EDIT(hi_world_set_predicate(world, stale, never, &releases, release), HI_ERROR_STALE);
    /* A handle of another world (or without a world's tag) is stale in every edit, in every role:
     * the view edited, a parent, a sibling, a redirect target. */
    BAD_EDIT(hi_world_set_hidden(world, foreign, true), HI_ERROR_STALE);
    BAD_EDIT(hi_world_set_hidden(world, untagged, true), HI_ERROR_STALE);
    BAD_EDIT(hi_world_scroll(world, foreign, 0, 0), HI_ERROR_STALE);
    BAD_EDIT(hi_world_set_user_value(world, foreign, 1), HI_ERROR_STALE);
    BAD_EDIT(hi_world_set_attributes(world, foreign, &def), HI_ERROR_STALE);
    BAD_EDIT(hi_world_set_shape(world, foreign, (hi_shape)3, 0), HI_ERROR_STALE);
    BAD_EDIT(hi_world_create_view(world, foreign, front, &def, NULL), HI_ERROR_STALE);
    BAD_EDIT(hi_world_create_view(world, top, (hi_position){HI_ABOVE, 0, foreign}, &def, NULL), HI_ERROR_STALE);
    BAD_EDIT(hi_world_move_view(world, foreign, top, front), HI_ERROR_STALE);
    BAD_EDIT(hi_world_move_view(world, sub3, foreign, front), HI_ERROR_STALE);
    BAD_EDIT(hi_world_move_view(world, sub3, top, (hi_position){HI_BELOW, 0, foreign}), HI_ERROR_STALE);
    BAD_EDIT(hi_world_set_redirect(world, sub3, foreign), HI_ERROR_STALE);
    BAD_EDIT(hi_world_set_redirect(world, sub3, untagged), HI_ERROR_STALE);
    BAD_EDIT(hi_world_set_id(world, foreign, "Fresh"), HI_ERROR_STALE);
    BAD_EDIT(hi_world_set_window_level(world, foreign, 1), HI_ERROR_STALE);
    BAD_EDIT(hi_world_set_predicate(world, foreign, never, &releases, release), HI_ERROR_STALE);
    EXPECT(hi_world_begin(world), HI_OK);
    EXPECT_SAYS(hi_world_set_hidden(world, foreign, true), HI_ERROR_STALE, "is a handle of another world");
    EXPECT_SAYS(hi_world_commit(world, NULL), HI_ERROR_REJECTED, "another world");

    /* A predicate's context is released exactly once, also when its edit is refused. */
    if (releases != 2) {
        fprintf(stderr, "bad-input: a refused predicate's context was released %d times\n", releases);
        failures++;
    }
    EXPECT(hi_world_begin(world), HI_OK);
    EXPECT(hi_world_set_predicate(world, sub3, never, &releases, release), HI_OK);
    EXPECT(hi_world_commit(world, NULL), HI_OK);
    EXPECT(hi_world_check(world), HI_OK);
    EXPECT(hi_world_version(world, &u64), HI_OK);
    ASSERT(u64 == 2);

    /* Versions: a transaction without edits publishes nothing; compaction is an edit that changes
     * no answer, so a transaction with it publishes the next version. */
    EXPECT(hi_world_begin(world), HI_OK);
    EXPECT(hi_world_commit(world, NULL), HI_OK);
    EXPECT(hi_world_version(world, &u64), HI_OK);
    ASSERT(u64 == 2);
    EXPECT(hi_world_begin(world), HI_OK);
    EXPECT(hi_world_compact(world), HI_OK);
    EXPECT(hi_world_commit(world, &snapshot), HI_OK);
    EXPECT(hi_world_version(world, &u64), HI_OK);
    ASSERT(u64 == 3);
    EXPECT(hi_snapshot_version(snapshot, &u64), HI_OK);
    ASSERT(u64 == 3);
    EXPECT(hi_world_check(world), HI_OK);

    /* A snapshot never changes: after SubView1 is removed, the snapshot from before still reads
     * it and its subtree, a new one refuses its handles as stale. */
    reported.count = 0;
    EXPECT(hi_world_begin(world), HI_OK);
    EXPECT(hi_world_remove_view_reporting(world, sub1, record_removed, &reported), HI_OK);
    ASSERT(reported.count == 3);
    hi_snapshot *after = NULL;
    EXPECT(hi_world_commit(world, &after), HI_OK);
    EXPECT(hi_snapshot_parent(snapshot, deep, &view), HI_OK);
    ASSERT(same(view, sub1sub1));
    EXPECT(hi_snapshot_subviews(snapshot, top, NULL, 0, &size), HI_OK);
    ASSERT(size == 4);
    EXPECT(hi_snapshot_parent(after, deep, &view), HI_ERROR_STALE);
    EXPECT(hi_snapshot_subviews(after, top, NULL, 0, &size), HI_OK);
    ASSERT(size == 3);
    EXPECT(hi_world_loaded_view(world, 1, &view), HI_ERROR_STALE); /* SubView1, removed */
    EXPECT(hi_world_loaded_view(world, 6, &view), HI_OK);
    ASSERT(same(view, sub3));
    hi_snapshot_release(after);
    hi_snapshot_release(snapshot);
    EXPECT(hi_world_check(world), HI_OK);
    hi_world_destroy(world);
    hi_world_destroy(other);
    if (releases != 3) {
        fprintf(stderr, "bad-input: a predicate's context was released %d times in all, expected 3\n", releases);
        failures++;
    }
    if (failures > 0) {
        fprintf(stderr, "bad-input: %d of %d checks failed\n", failures, checked);
        return 1;
    }
    fprintf(stderr, "bad-input: %d checks passed\n", checked);
    return 0;
}
