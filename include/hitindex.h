/*
 * hitindex.h: the C API of HitIndex, UIKit's hit-testing answer for very large view trees.
 *
 * Status: the first slice of the C API (issue "A C API for engines"): worlds from a scene file or
 * from view definitions, snapshots, single-point hit tests and ids. Edits, transactions,
 * batches, callbacks and predicates come next; until then use the Swift API for them.
 *
 * Link with -lHitIndexC (shared) or the static library HitIndexCStatic; both are built by
 * `swift build -c release` into .build/release/.
 *
 * Conventions
 * - Every function that can fail returns an hi_status. On failure it sets a thread-local message
 *   (hi_last_error) and leaves its output arguments unchanged; it never crashes on a NULL
 *   pointer, a stale handle or a bad value.
 * - Objects are opaque and reference-counted on the library's side: a world lives until
 *   hi_world_destroy, a snapshot until hi_snapshot_release, independently of each other.
 * - Threads: one thread at a time may use a world (the writer). Any number of threads may use
 *   snapshots at once, concurrently with the writer; a snapshot never changes.
 * - C99 and C++ compatible.
 */
#ifndef HITINDEX_H
#define HITINDEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The ABI this header describes; hi_abi_version() returns the library's. */
#define HI_ABI_VERSION 1u

/* What a function reports. */
typedef enum hi_status {
    HI_OK = 0,
    /* A required pointer argument was NULL. */
    HI_ERROR_NULL = 1,
    /* An argument's value is out of range or not finite where a finite value is needed. */
    HI_ERROR_INVALID = 2,
    /* A handle names no view of this snapshot or world (removed, or never one). */
    HI_ERROR_STALE = 3,
    /* A scene could not be read or was refused; the message names the file, view and field. */
    HI_ERROR_SCENE = 4
} hi_status;

/* A world: the live index of one scene, edited by one writer thread. */
typedef struct hi_world hi_world;

/* A snapshot: an immutable published version of a world, readable from any thread. */
typedef struct hi_snapshot hi_snapshot;

/* A view's handle: its slot and generation. A handle to a removed view never names a later
 * view. The zero handle names no view. */
typedef struct hi_view {
    uint32_t slot;
    uint32_t generation;
} hi_view;

/* What a hit test found: the view and the user value stored with it. */
typedef struct hi_hit {
    hi_view view;
    uint64_t user_value;
} hi_hit;

/* Geometry, as UIKit's CGRect, CGPoint, CGAffineTransform and UIEdgeInsets. */
typedef struct hi_rect {
    double x, y, width, height;
} hi_rect;

typedef struct hi_point {
    double x, y;
} hi_point;

typedef struct hi_transform {
    double a, b, c, d, tx, ty;
} hi_transform;

typedef struct hi_insets {
    double top, left, bottom, right;
} hi_insets;

/* The shape of a view's hit area over its hit rect. */
typedef enum hi_shape { HI_SHAPE_RECT = 0, HI_SHAPE_ELLIPSE = 1, HI_SHAPE_ROUNDED_RECT = 2 } hi_shape;

/* One view of a bulk load (hi_world_create). Start from hi_default_view_def() and set what
 * differs. The meaning of each field is UIKit's, as docs/semantics.md states it. */
typedef struct hi_view_def {
    /* The superview's position in the same array, or -1 for a window. */
    int64_t parent;
    /* The place among siblings (smaller is further back; ties keep array order); for windows
     * the tie-break after the level. */
    int64_t order;
    /* A window's level (ignored for a view with a parent). */
    double window_level;
    /* Bounds (origin: the scroll offset), center in the superview's bounds space, anchor point
     * in unit coordinates, and the transform around it. */
    hi_rect bounds;
    hi_point center;
    hi_point anchor_point;
    hi_transform transform;
    /* Eligibility: hidden, alpha (below 0.01 never hit), user interaction. */
    bool hidden;
    float alpha;
    bool user_interaction_enabled;
    /* The hit area: insets from the bounds, then grown to a minimum size, then the shape. */
    hi_insets hit_test_insets;
    double minimum_hit_width, minimum_hit_height;
    hi_shape shape;
    double corner_radius;
    /* Subviews are searched outside the view's own hit area; the view is never the answer
     * itself; every hit in the subtree goes to the view at position redirect_target (-1: none). */
    bool hit_tests_subviews_outside_bounds;
    bool pass_through;
    int64_t redirect_target;
    /* Returned with every hit on this view. */
    uint64_t user_value;
    /* An optional id (NUL-terminated UTF-8, copied), unique among the views that have one;
     * NULL or "" for none. */
    const char *id;
} hi_view_def;

/* The library's ABI version (HI_ABI_VERSION of the header it was built with). Compare it with
 * HI_ABI_VERSION before any other call. Thread-safe. O(1). */
uint32_t hi_abi_version(void);

/* The message of the last failed call on this thread, or "" when none failed yet. The string
 * belongs to the library and stays valid until the next failing call on this thread.
 * Thread-safe (one message per thread). O(1). */
const char *hi_last_error(void);

/* Reads the scene file at `path` (the scene format's JSON, UTF-8 path) into a new world, with
 * its first snapshot published. On success *out_world owns the world (hi_world_destroy).
 * Errors: HI_ERROR_NULL, HI_ERROR_SCENE (unreadable file or a refused scene: the message is
 * hitindex's one-line error). O(file size). */
hi_status hi_world_load_scene(const char *path, hi_world **out_world);

/* A view definition with UIKit's defaults: a window (parent -1), order 0, level 0, zero bounds
 * and center, anchor point (0.5, 0.5), identity transform, visible, alpha 1, interactive, no
 * insets, no minimum size, a rect, no redirect (-1), user value 0, no id. Thread-safe. O(1). */
hi_view_def hi_default_view_def(void);

/* Creates a world from `count` view definitions, with its first snapshot published, without
 * reading a file: definition i becomes the view hi_loaded_view(i). Windows are ordered by level,
 * then order, then position; subviews by order, then position.
 * Errors: HI_ERROR_NULL (out_world, or defs with count > 0), HI_ERROR_INVALID (the first bad
 * definition: a parent or redirect out of range, a cycle of parents, a duplicate id, a value a
 * scene file refuses; the message names the view by id, or as views[i], and the field).
 * O(count), plus sorting where siblings are not in array order. */
hi_status hi_world_create(const hi_view_def *defs, size_t count, hi_world **out_world);

/* The handle of the view that definition `position` of hi_world_create made (valid while that
 * view lives); the zero handle for a position no load can have. Thread-safe. O(1). */
hi_view hi_loaded_view(size_t position);

/* Destroys a world. Snapshots acquired from it stay valid until released. NULL is ignored.
 * O(1) for the caller; the memory goes when the last snapshot of each version goes. */
void hi_world_destroy(hi_world *world);

/* The number of views in the world's current state. Errors: HI_ERROR_NULL. O(1). */
hi_status hi_world_view_count(const hi_world *world, size_t *out_count);

/* Acquires the world's last published snapshot; release it with hi_snapshot_release. The
 * snapshot may be used from any thread, also while the world is edited or destroyed.
 * Errors: HI_ERROR_NULL. O(1). */
hi_status hi_world_acquire_snapshot(const hi_world *world, hi_snapshot **out_snapshot);

/* Releases a snapshot. NULL is ignored. O(1). */
void hi_snapshot_release(hi_snapshot *snapshot);

/* Hit-tests the screen point (x, y) as UIKit would: *out_found is true and *out_hit the view
 * (with its user value) when a view takes the touch, false otherwise (then *out_hit is zeroed).
 * NaN and infinite coordinates are points like any other (they hit nothing).
 * Errors: HI_ERROR_NULL. Thread-safe. O(log n) for common trees; allocation-free. */
hi_status hi_snapshot_hit_test(const hi_snapshot *snapshot, double x, double y, hi_hit *out_hit, bool *out_found);

/* Copies the id of `view` as UTF-8 into `buffer` (at most `capacity` bytes, NUL-terminated when
 * capacity > 0) and sets *out_length to the id's length without the NUL (so a call with
 * capacity 0 measures). A view without an id has the empty id.
 * Errors: HI_ERROR_NULL (snapshot or out_length; buffer may be NULL only with capacity 0),
 * HI_ERROR_STALE (not a view of this snapshot). Thread-safe. O(id length). */
hi_status hi_snapshot_view_id(const hi_snapshot *snapshot, hi_view view, char *buffer, size_t capacity,
                              size_t *out_length);

#ifdef __cplusplus
}
#endif

#endif /* HITINDEX_H */
