/*
 * threads: the header's thread-safety contract, run under ThreadSanitizer by CI. One writer
 * thread edits and commits a world while two reader threads acquire its snapshots and query them.
 * Commit k sets the user value of both rows of Examples/list.json to k and scrolls the list, so a
 * snapshot of version v must answer with v - 1 on both rows: a reader that sees two values, or a
 * value of another version, has seen a torn or changing snapshot.
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

static void *writer(void *unused) {
    (void)unused;
    for (uint64_t k = 1; k <= COMMITS; k++) {
        CHECK(hi_world_begin(world));
        /* Scrolled by at most 50 points, both rows stay under the readers' points. */
        CHECK(hi_world_scroll(world, list, 0, (double)(k % 50)));
        CHECK(hi_world_set_user_value(world, row0, k));
        CHECK(hi_world_set_user_value(world, row1, k));
        CHECK(hi_world_commit(world, NULL));
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
    CHECK(hi_world_check(world));
    hi_world_destroy(world);
    if (version != COMMITS + 1) {
        fprintf(stderr, "threads: the last snapshot is version %llu, expected %d\n", (unsigned long long)version,
                COMMITS + 1);
        return 1;
    }
    fprintf(stderr, "threads: %d commits, readers agree with every snapshot\n", COMMITS);
    return 0;
}
