/*
 * threads: the header's thread-safety contract, run under ThreadSanitizer by CI. One writer
 * thread edits and commits a world while two reader threads acquire its snapshots, query them and
 * read their tree back. Commit k sets the user value of both rows of Examples/list.json to k and
 * scrolls the list, so a snapshot of version v must answer with v - 1 on both rows: a reader that
 * sees two values, or a value of another version, has seen a torn or changing snapshot. Odd
 * commits also create a view behind the rows and even ones remove it (reporting the handle), so a
 * snapshot of an even version lists three subviews of the list and one of an odd version two, the
 * rows always the front-most; the writer checks hi_world_version after each commit.
 *
 *   swift build --sanitize=thread --scratch-path .build-tsan --product HitIndexC
 *   cc -std=c11 -g -fsanitize=thread -Iinclude Tests/C/threads.c -L.build-tsan/debug -lHitIndexC \
 *      -Wl,-rpath,.build-tsan/debug -lpthread -o /tmp/hi-threads
 *   /tmp/hi-threads Examples/list.json
 */
#include <hitindex.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

#define CHECK(call)                                                                                  \
    do {                                                                                             \
        hi_status status_ = (call);                                                                  \
        if (status_ != HI_OK) {                                                                      \
            fprintf(stderr, "threads: %s failed (%d): %s\n", #call, (int)status_, hi_last_error()); \
            exit(1);                                                                                 \
        }                                                                                            \
    } while (0)

enum { COMMITS = 400 };

static hi_world *world;
static hi_view list, row0, row1;
static atomic_bool writing = true;

static bool same(hi_view a, hi_view b) { return a.slot == b.slot && a.generation == b.generation && a.world == b.world; }

static void count_removed(void *context, hi_view removed) {
    (void)removed;
    (*(size_t *)context)++;
}

static void *writer(void *unused) {
    (void)unused;
    hi_view extra = {0, 0, 0};
    size_t removed = 0;
    for (uint64_t k = 1; k <= COMMITS; k++) {
        CHECK(hi_world_begin(world));
        /* Scrolled by at most 50 points, both rows stay under the readers' points. */
        CHECK(hi_world_scroll(world, list, 0, (double)(k % 50)));
        CHECK(hi_world_set_user_value(world, row0, k));
        CHECK(hi_world_set_user_value(world, row1, k));
        if (k % 2 == 1) {
            /* Behind the rows, and away from the readers' points. */
            hi_view_def def = hi_default_view_def();
            def.bounds = (hi_rect){0, 0, 10, 10};
            def.center = (hi_point){5, 5};
            CHECK(hi_world_create_view(world, list, (hi_position){HI_BACK, 0, {0, 0, 0}}, &def, &extra));
        } else {
            CHECK(hi_world_remove_view_reporting(world, extra, count_removed, &removed));
        }
        CHECK(hi_world_commit(world, NULL));
        uint64_t version = 0;
        CHECK(hi_world_version(world, &version));
        if (version != k + 1) {
            fprintf(stderr, "threads: commit %llu published version %llu\n", (unsigned long long)k,
                    (unsigned long long)version);
            exit(1);
        }
    }
    if (removed != COMMITS / 2) {
        fprintf(stderr, "threads: %zu removals reported, expected %d\n", removed, COMMITS / 2);
        exit(1);
    }
    atomic_store(&writing, false);
    return NULL;
}

static void *reader(void *name) {
    unsigned long checked = 0;
    while (atomic_load(&writing) || checked == 0) {
        hi_snapshot *snapshot = NULL;
        CHECK(hi_world_acquire_snapshot(world, &snapshot));
        uint64_t version = 0;
        CHECK(hi_snapshot_version(snapshot, &version));
        /* One point on each row (rows are 100 high, scrolled by < 50). */
        hi_point points[2] = {{150, 75}, {150, 130}};
        hi_hit hits[2];
        bool found[2];
        CHECK(hi_snapshot_hit_test_batch(snapshot, points, 2, hits, found, 1));
        for (int i = 0; i < 2; i++) {
            if (!found[i] || hits[i].user_value != version - 1) {
                fprintf(stderr, "threads: %s: snapshot %llu answered %d with user value %llu\n", (const char *)name,
                        (unsigned long long)version, found[i], (unsigned long long)hits[i].user_value);
                exit(1);
            }
        }
        /* The snapshot's tree: the list's subviews (measured, then copied), the rows in front. */
        size_t count = 0, copied = 0;
        CHECK(hi_snapshot_subviews(snapshot, list, NULL, 0, &count));
        hi_view subviews[3];
        CHECK(hi_snapshot_subviews(snapshot, list, subviews, 3, &copied));
        hi_view parent = {0, 0, 0};
        CHECK(hi_snapshot_parent(snapshot, row1, &parent));
        const size_t expected = version % 2 == 0 ? 3 : 2;
        if (count != expected || copied != expected || !same(subviews[expected - 2], row0) ||
            !same(subviews[expected - 1], row1) || !same(parent, list)) {
            fprintf(stderr, "threads: %s: snapshot %llu lists %zu subviews of the list, expected %zu\n",
                    (const char *)name, (unsigned long long)version, count, expected);
            exit(1);
        }
        hi_snapshot_release(snapshot);
        checked++;
    }
    fprintf(stderr, "threads: %s checked %lu snapshots\n", (const char *)name, checked);
    return NULL;
}

static hi_view named(const char *id) {
    hi_view view;
    bool found = false;
    CHECK(hi_world_view_for_id(world, id, &view, &found));
    if (!found) exit(1);
    return view;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s Examples/list.json\n", argv[0]);
        return 2;
    }
    CHECK(hi_world_load_scene(argv[1], &world));
    list = named("List");
    row0 = named("Row0");
    row1 = named("Row1");
    pthread_t threads[3];
    pthread_create(&threads[0], NULL, reader, "reader 1");
    pthread_create(&threads[1], NULL, reader, "reader 2");
    pthread_create(&threads[2], NULL, writer, NULL);
    for (int i = 0; i < 3; i++) pthread_join(threads[i], NULL);
    hi_snapshot *last = NULL;
    CHECK(hi_world_acquire_snapshot(world, &last));
    uint64_t version = 0;
    CHECK(hi_snapshot_version(last, &version));
    hi_snapshot_release(last);
    uint64_t published = 0;
    CHECK(hi_world_version(world, &published));
    CHECK(hi_world_check(world));
    hi_world_destroy(world);
    if (version != COMMITS + 1 || published != version) {
        fprintf(stderr, "threads: the last snapshot is version %llu, expected %d\n", (unsigned long long)version,
                COMMITS + 1);
        return 1;
    }
    fprintf(stderr, "threads: %d commits, readers agree with every snapshot\n", COMMITS);
    return 0;
}
