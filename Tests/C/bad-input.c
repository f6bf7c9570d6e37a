/*
 * bad-input: every C API function with NULL pointers, stale and zero handles, NaN and infinite
 * values, a cycle and out-of-range positions, from C. Each call must return the documented status
 * and set a message; after each the world must pass its invariant check and answer as before.
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
    hi_view view = {0, 0};
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
    hi_view zero = hi_loaded_view(SIZE_MAX);
    EXPECT(zero.slot == 0 && zero.generation == 0 ? HI_OK : HI_ERROR_INVALID, HI_OK);

    EXPECT(hi_world_load_scene(argv[1], &world), HI_OK);
    const uint64_t before = fingerprint();
    const hi_view sub3 = named("SubView3"), top = named("TopView"), sub1 = named("SubView1");
    const hi_view deep = named("SubView1Sub1Sub1");
    const hi_view stale = {sub3.slot, sub3.generation + 1}, beyond = {4000000000u, 1};
    const hi_position front = {HI_FRONT, 0, {0, 0}};

    /* Reads with NULL and stale handles. */
    EXPECT(hi_world_view_count(NULL, &size), HI_ERROR_NULL);
    EXPECT(hi_world_view_count(world, NULL), HI_ERROR_NULL);
    EXPECT(hi_world_acquire_snapshot(NULL, &no_snapshot), HI_ERROR_NULL);
    EXPECT(hi_world_acquire_snapshot(world, NULL), HI_ERROR_NULL);
    EXPECT(hi_world_contains(world, stale, NULL), HI_ERROR_NULL);
    EXPECT(hi_world_contains(world, beyond, &flag), HI_OK);
    EXPECT(flag ? HI_ERROR_INVALID : HI_OK, HI_OK);
    EXPECT(hi_world_view_for_id(world, NULL, &hit.view, &flag), HI_ERROR_NULL);
    EXPECT(hi_world_get_attributes(world, stale, &def), HI_ERROR_STALE);
    EXPECT(hi_world_get_attributes(world, beyond, &def), HI_ERROR_STALE);
    EXPECT(hi_world_get_attributes(NULL, sub3, &def), HI_ERROR_NULL);
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
    EXPECT(hi_world_discard(world), HI_OK);

    /* Bad edits: each rejects its transaction and changes nothing. */
    def = hi_default_view_def();
    BAD_EDIT(hi_world_create_view(world, stale, front, &def, NULL), HI_ERROR_STALE);
    BAD_EDIT(hi_world_create_view(world, (hi_view){0, 0}, front, &def, NULL), HI_ERROR_STALE);
    BAD_EDIT(hi_world_create_view(world, top, (hi_position){HI_AT_INDEX, -1, {0, 0}}, &def, NULL), HI_ERROR_INVALID);
    BAD_EDIT(hi_world_create_view(world, top, (hi_position){HI_AT_INDEX, INT64_MAX, {0, 0}}, &def, NULL),
             HI_ERROR_INVALID);
    BAD_EDIT(hi_world_create_view(world, top, (hi_position){(hi_place)99, 0, {0, 0}}, &def, NULL), HI_ERROR_INVALID);
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
    BAD_EDIT(hi_world_move_view(world, sub1, deep, front), HI_ERROR_INVALID);
    BAD_EDIT(hi_world_move_view(world, sub1, sub1, front), HI_ERROR_INVALID);
    BAD_EDIT(hi_world_move_view(world, top, sub1, front), HI_ERROR_INVALID);
    BAD_EDIT(hi_world_move_view(world, sub1, stale, front), HI_ERROR_STALE);
    BAD_EDIT(hi_world_move_view(world, sub1, top, (hi_position){HI_AT_INDEX, 4, {0, 0}}), HI_ERROR_INVALID);
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
    BAD_EDIT(hi_world_create_view(world, stale, (hi_position){(hi_place)99, 0, {0, 0}}, &def, NULL), HI_ERROR_STALE);
    BAD_EDIT(hi_world_move_view(world, sub1, top, (hi_position){(hi_place)99, 0, {0, 0}}), HI_ERROR_INVALID);
    BAD_EDIT(hi_world_move_view(world, stale, top, (hi_position){(hi_place)99, 0, {0, 0}}), HI_ERROR_STALE);
    BAD_EDIT(hi_world_set_hit_tests_subviews_outside_bounds(world, stale, true), HI_ERROR_STALE);
    BAD_EDIT(hi_world_set_pass_through(world, beyond, true), HI_ERROR_STALE);
    BAD_EDIT(hi_world_set_user_value(world, stale, 1), HI_ERROR_STALE);
    BAD_EDIT(hi_world_set_id(world, sub3, "SubView1"), HI_ERROR_INVALID);
    BAD_EDIT(hi_world_set_id(world, sub3, "\xff\xfe"), HI_ERROR_INVALID);
    BAD_EDIT(hi_world_set_window_level(world, sub3, 1), HI_ERROR_INVALID);
    BAD_EDIT(hi_world_set_window_level(world, top, INFINITY), HI_ERROR_INVALID);
    BAD_EDIT(hi_world_set_redirect(world, sub3, stale), HI_ERROR_STALE);
    BAD_EDIT(hi_world_set_predicate(world, stale, never, &releases, release), HI_ERROR_STALE);

    /* A predicate's context is released exactly once, also when its edit is refused. */
    if (releases != 1) {
        fprintf(stderr, "bad-input: a refused predicate's context was released %d times\n", releases);
        failures++;
    }
    EXPECT(hi_world_begin(world), HI_OK);
    EXPECT(hi_world_set_predicate(world, sub3, never, &releases, release), HI_OK);
    EXPECT(hi_world_commit(world, NULL), HI_OK);
    EXPECT(hi_world_check(world), HI_OK);
    hi_world_destroy(world);
    if (releases != 2) {
        fprintf(stderr, "bad-input: a predicate's context was released %d times in all, expected 2\n", releases);
        failures++;
    }
    if (failures > 0) {
        fprintf(stderr, "bad-input: %d of %d checks failed\n", failures, checked);
        return 1;
    }
    fprintf(stderr, "bad-input: %d checks passed\n", checked);
    return 0;
}
