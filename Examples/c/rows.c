/*
 * rows: the frame loop of docs/c-api.md, section 3. A list of 44 pt rows is built without a scene
 * file (hi_world_create), then each frame scrolls it by a quarter row, recycles the row that has
 * left the top of the screen (removed, and a new row created at the bottom), commits, and
 * hit-tests three points on the new snapshot. Every row's user value is its row number, and the
 * list's is NOT_A_ROW, so a hit tells the two apart without a lookup. At the end it counts the
 * list's rows from the tree and prints the version the last commit published (docs/c-api.md,
 * section 3); with an argument, the world is then written to that scene file (section 6).
 *
 *   swift build -c release --product HitIndexC
 *   cc -std=c99 -Wall -Wextra -Iinclude Examples/c/rows.c -L.build/release -lHitIndexC \
 *      -Wl,-rpath,"$PWD/.build/release" -o .build/rows
 *   .build/rows .build/rows.json
 */
#include <hitindex.h>
#include <stdint.h>
#include <stdio.h>

#define FRAMES 8
#define ROWS 20               /* enough 44 pt rows to cover the 844 pt screen */
#define ROW_HEIGHT 44.0
#define NOT_A_ROW UINT64_MAX  /* the list's user value: no row number collides with it */
#define CHECK(call) \
    do { if ((call) != HI_OK) { fprintf(stderr, "%s: %s\n", #call, hi_last_error()); goto done; } } while (0)

/* A row of the list: inset 20 pt on the left, so a touch there lands on the list itself. */
static hi_view_def row_def(uint64_t row) {
    hi_view_def def = hi_default_view_def();
    def.bounds = (hi_rect){0, 0, 370, ROW_HEIGHT};
    def.center = (hi_point){20 + 370 / 2.0, ROW_HEIGHT / 2 + ROW_HEIGHT * (double)row};
    def.user_value = row;
    return def;
}

static void print_hit(const char *separator, hi_point point, bool found, hi_hit hit) {
    printf("%s(%g, %g) ", separator, point.x, point.y);
    if (!found) printf("nothing");
    else if (hit.user_value == NOT_A_ROW) printf("the list");
    else printf("row %llu", (unsigned long long)hit.user_value);
}

int main(int argc, char **argv) {
    if (hi_abi_version() != HI_ABI_VERSION) {
        fprintf(stderr, "libHitIndexC ABI %u, header %u\n", hi_abi_version(), HI_ABI_VERSION);
        return 1;
    }
    int status = 1;
    hi_world *world = NULL;
    hi_snapshot *snapshot = NULL;
    hi_view list, rows[ROWS + FRAMES];
    size_t first = 0, next = ROWS; /* rows[first] is the top live row, rows[next] the next new one */

    /* A window, a list filling it, and the rows. Definition i becomes the view
     * hi_world_loaded_view(world, i). */
    hi_view_def defs[2 + ROWS];
    defs[0] = hi_default_view_def();
    defs[0].id = "Window";
    defs[0].bounds = (hi_rect){0, 0, 390, 844};
    defs[0].center = (hi_point){195, 422};
    defs[1] = hi_default_view_def();
    defs[1].id = "List";
    defs[1].parent = 0;
    defs[1].bounds = (hi_rect){0, 0, 390, 844};
    defs[1].center = (hi_point){195, 422};
    defs[1].user_value = NOT_A_ROW;
    for (int row = 0; row < ROWS; row++) {
        defs[2 + row] = row_def((uint64_t)row);
        defs[2 + row].parent = 1;
        defs[2 + row].order = row;
    }
    CHECK(hi_world_create(defs, 2 + ROWS, &world));
    CHECK(hi_world_loaded_view(world, 1, &list));
    for (size_t i = 0; i < ROWS; i++) CHECK(hi_world_loaded_view(world, 2 + i, &rows[i]));

    for (int frame = 0; frame < FRAMES; frame++) {
        double offset = ROW_HEIGHT / 4 * (frame + 1);
        CHECK(hi_world_begin(world));
        CHECK(hi_world_scroll(world, list, 0, offset)); /* O(1), however many rows */
        if (offset >= ROW_HEIGHT * (double)(first + 1)) {
            /* The top row has left the screen: recycle it as a new row at the bottom. */
            CHECK(hi_world_remove_view(world, rows[first])); /* rows[first] is stale from here on */
            hi_view_def row = row_def(next);
            CHECK(hi_world_create_view(world, list, (hi_position){.place = HI_FRONT}, &row, &rows[next]));
            first++, next++;
        }
        CHECK(hi_world_commit(world, &snapshot));

        hi_point points[3] = {{200, 10}, {10, 10}, {200, 900}};
        hi_hit hits[3];
        bool found[3];
        CHECK(hi_snapshot_hit_test_batch(snapshot, points, 3, hits, found, 1));
        printf("frame %d, offset %g:", frame, offset);
        for (int i = 0; i < 3; i++) print_hit(i == 0 ? " " : "; ", points[i], found[i], hits[i]);
        printf("\n");
        hi_snapshot_release(snapshot);
        snapshot = NULL;
    }

    /* The tree read back: how many rows the list holds (capacity 0 measures), and the version
     * the last commit published (1 was the load's). */
    size_t count = 0;
    uint64_t version = 0;
    CHECK(hi_world_subviews(world, list, NULL, 0, &count));
    CHECK(hi_world_version(world, &version));
    printf("version %llu: the list holds %zu rows\n", (unsigned long long)version, count);
    if (argc > 1) CHECK(hi_world_write_scene(world, argv[1]));
    status = 0;
done:
    hi_snapshot_release(snapshot); /* NULL is ignored */
    hi_world_destroy(world);
    return status;
}
