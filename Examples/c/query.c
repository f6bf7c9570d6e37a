/*
 * query: hit-tests screen points through the C API and prints one line per point, the id of the
 * view hit or nil, exactly as `hitindex query SCENE X,Y ...` prints them (CI diffs the two).
 *
 *   swift build -c release --product HitIndexC
 *   cc -std=c99 -Wall -Wextra -Werror -Iinclude Examples/c/query.c -L.build/release -lHitIndexC \
 *      -Wl,-rpath,.build/release -o /tmp/hi-query
 *   /tmp/hi-query Examples/seed000.json 220,193 10,10
 */
#include <hitindex.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s SCENE [X,Y ...]\n", argv[0]);
        return 2;
    }
    if (hi_abi_version() != HI_ABI_VERSION) {
        fprintf(stderr, "query: library ABI %u, header %u\n", hi_abi_version(), HI_ABI_VERSION);
        return 1;
    }
    hi_world *world = NULL;
    if (hi_world_load_scene(argv[1], &world) != HI_OK) {
        fprintf(stderr, "%s\n", hi_last_error());
        return 2;
    }
    hi_snapshot *snapshot = NULL;
    if (hi_world_acquire_snapshot(world, &snapshot) != HI_OK) {
        fprintf(stderr, "%s\n", hi_last_error());
        hi_world_destroy(world);
        return 1;
    }
    int status = 0;
    for (int i = 2; i < argc && status == 0; i++) {
        double x, y;
        char extra;
        if (sscanf(argv[i], "%lf,%lf%c", &x, &y, &extra) != 2) {
            fprintf(stderr, "query: expected a point X,Y, got '%s'\n", argv[i]);
            status = 2;
            break;
        }
        hi_hit hit;
        bool found = false;
        if (hi_snapshot_hit_test(snapshot, x, y, &hit, &found) != HI_OK) {
            fprintf(stderr, "%s\n", hi_last_error());
            status = 1;
            break;
        }
        if (!found) {
            puts("nil");
            continue;
        }
        size_t length = 0;
        char id[256];
        if (hi_snapshot_view_id(snapshot, hit.view, id, sizeof id, &length) != HI_OK) {
            fprintf(stderr, "%s\n", hi_last_error());
            status = 1;
            break;
        }
        if (length >= sizeof id) {
            char *long_id = malloc(length + 1);
            if (long_id == NULL) return 1;
            hi_snapshot_view_id(snapshot, hit.view, long_id, length + 1, &length);
            puts(long_id);
            free(long_id);
        } else {
            puts(id);
        }
    }
    hi_snapshot_release(snapshot);
    hi_world_destroy(world);
    return status;
}
