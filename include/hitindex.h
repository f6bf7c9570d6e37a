/*
 * hitindex.h: the C API of HitIndex, UIKit's hit-testing answer for very large view trees.
 *
 * A world is the live index of one scene: one writer edits it in transactions (hi_world_begin,
 * edits, hi_world_commit) and each commit publishes an immutable snapshot that any number of
 * reader threads query while the writer goes on. docs/c-api.md walks through it in C and Rust.
 *
 * Link with -lHitIndexC (shared) or the static library HitIndexCStatic; both are built by
 * `swift build -c release` into .build/release/.
 *
 * Conventions
 * - Every function that can fail returns an hi_status. On failure it sets a thread-local message
 *   (hi_last_error) and leaves its output arguments unchanged; it never crashes on a NULL
 *   pointer, a stale handle or a bad value, and never touches another view.
 * - Objects are opaque and reference-counted on the library's side: a world lives until
 *   hi_world_destroy, a snapshot until hi_snapshot_release, independently of each other.
 * - Threads: one thread at a time may edit or read a world (the writer); hi_world_* functions
 *   are not safe to call on one world from two threads at once, except hi_world_acquire_snapshot,
 *   which any thread may call while the writer works (until hi_world_destroy). Any number of
 *   threads may use snapshots at once, concurrently with the writer; a snapshot never changes.
 *   Different worlds are independent.
 * - Handles know their world: an hi_view carries the tag of the world that made it, and every
 *   function of another world (or of that world's snapshots) refuses it as HI_ERROR_STALE. The
 *   zero handle names no view of any world.
 * - Transactions: every edit is made inside hi_world_begin ... hi_world_commit. An edit that
 *   fails with HI_ERROR_STALE or HI_ERROR_INVALID changes nothing and rejects the transaction:
 *   later edits return HI_ERROR_REJECTED and do nothing, and hi_world_commit undoes the edits
 *   before it and returns HI_ERROR_REJECTED naming the first failure (once rejected, an edit
 *   returns HI_ERROR_REJECTED whatever its handles and values; a NULL pointer is still
 *   HI_ERROR_NULL). HI_ERROR_NULL and
 *   HI_ERROR_TRANSACTION leave the transaction as it was. An edit that names a stale handle
 *   fails with HI_ERROR_STALE, whatever else is wrong with it.
 * - Messages are for people: they name the function, the view (by id, else as #slot.generation)
 *   and the field; "edit N" in them counts the library's own edits (some calls make two).
 * - Complexity is stated per function; n is the number of views, k a container's subviews.
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

/* The ABI this header describes; hi_abi_version() returns the library's. Version 2 added the
 * world tag to hi_view (which changed the layout of every struct holding one) and replaced
 * hi_loaded_view with hi_world_loaded_view (CHANGELOG.md lists every change). */
#define HI_ABI_VERSION 2u

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
    HI_ERROR_SCENE = 4,
    /* The open transaction was rejected by an earlier edit (see Conventions). */
    HI_ERROR_REJECTED = 5,
    /* The call needs an open transaction and none is open, or opens one while one is open. */
    HI_ERROR_TRANSACTION = 6
} hi_status;

/* A world: the live index of one scene, edited by one writer thread. */
typedef struct hi_world hi_world;

/* A snapshot: an immutable published version of a world, readable from any thread. */
typedef struct hi_snapshot hi_snapshot;

/* A view's handle: its slot, its generation and its world's tag (nonzero, unique among the
 * worlds of the process). A handle to a removed view never names a later view, and a handle of
 * one world never names a view of another. The zero handle names no view. */
typedef struct hi_view {
    uint32_t slot;
    uint32_t generation;
    uint32_t world;
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

/* Where a created or moved view goes among its new siblings: in front of all (HI_FRONT), behind
 * all (HI_BACK), at `index` among the subviews counted without the view itself, 0 = back-most
 * (HI_AT_INDEX), or directly in front of (HI_ABOVE) or behind (HI_BELOW) the subview `sibling`. */
typedef enum hi_place { HI_FRONT = 0, HI_BACK = 1, HI_AT_INDEX = 2, HI_ABOVE = 3, HI_BELOW = 4 } hi_place;

typedef struct hi_position {
    hi_place place;
    int64_t index;
    hi_view sibling;
} hi_position;

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
    /* Written by hi_world_get_attributes, ignored by every call that reads a definition: the
     * view's superview (zero for a window) and its redirect target (zero for none). */
    hi_view superview;
    hi_view redirect;
} hi_view_def;

/* The library's ABI version (HI_ABI_VERSION of the header it was built with). Compare it with
 * HI_ABI_VERSION before any other call. Thread-safe. O(1). */
uint32_t hi_abi_version(void);

/* The message of the last failed call on this thread, or "" when none failed yet. The string
 * belongs to the library and stays valid until the next failing call on this thread.
 * Thread-safe (one message per thread). O(1). */
const char *hi_last_error(void);

/* Reads the scene file at `path` (the scene format's JSON, UTF-8 path) into a new world, with
 * its first snapshot published. On success *out_world owns the world (hi_world_destroy). The
 * view at paint-order position i of the file (windows back to front, each in preorder) is
 * hi_world_loaded_view(world, i); hi_world_view_for_id finds views by id.
 * Errors: HI_ERROR_NULL, HI_ERROR_SCENE (unreadable file or a refused scene: the message is
 * the function's name, then hitindex's one-line error). O(file size). */
hi_status hi_world_load_scene(const char *path, hi_world **out_world);

/* A view definition with UIKit's defaults: a window (parent -1), order 0, level 0, zero bounds
 * and center, anchor point (0.5, 0.5), identity transform, visible, alpha 1, interactive, no
 * insets, no minimum size, a rect, no redirect (-1), user value 0, no id. Thread-safe. O(1). */
hi_view_def hi_default_view_def(void);

/* Creates a world from `count` view definitions, with its first snapshot published, without
 * reading a file: definition i becomes the view hi_world_loaded_view(world, i). Windows are ordered by level,
 * then order, then position; subviews by order, then position. Order, then position, is also
 * the windows' creation order, which breaks ties when levels are made equal later.
 * Errors: HI_ERROR_NULL (out_world, or defs with count > 0), HI_ERROR_INVALID (count above
 * 2^31 - 2, the most views a world holds, or the first bad
 * definition: a parent or redirect out of range, a cycle of parents, a duplicate id, a value a
 * scene file refuses; the message names the view by id, or as views[i], and the field).
 * O(count), plus sorting where siblings are not in array order. */
hi_status hi_world_create(const hi_view_def *defs, size_t count, hi_world **out_world);

/* Sets *out_view to the handle of the view that definition `position` of hi_world_create made,
 * or of the view at paint-order position `position` of the file hi_world_load_scene read.
 * Errors: HI_ERROR_NULL, HI_ERROR_STALE (no view was loaded at that position, or it was
 * removed since). O(1). */
hi_status hi_world_loaded_view(const hi_world *world, size_t position, hi_view *out_view);

/* Destroys a world. Snapshots acquired from it stay valid until released. NULL is ignored.
 * O(1) for the caller; the memory goes when the last snapshot of each version goes. */
void hi_world_destroy(hi_world *world);

/* The number of views in the world's current state. Errors: HI_ERROR_NULL. O(1). */
hi_status hi_world_view_count(const hi_world *world, size_t *out_count);

/* The version of the snapshot the world published last (1 for its first), without acquiring
 * it. Errors: HI_ERROR_NULL. O(1). */
hi_status hi_world_version(const hi_world *world, uint64_t *out_version);

/* Acquires the world's last published snapshot; release it with hi_snapshot_release. Any
 * thread may call this, also while the writer edits the world (not during or after
 * hi_world_destroy). The snapshot may be used from any thread, also while the world is edited
 * or after it is destroyed. Errors: HI_ERROR_NULL. Thread-safe. O(1), lock-free for readers. */
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
 * capacity 0 measures). A view without an id has the empty id (hitindex and exported scenes
 * name such a view #slot.generation, which is not an id).
 * Errors: HI_ERROR_NULL (snapshot or out_length; buffer may be NULL only with capacity 0),
 * HI_ERROR_STALE (not a view of this snapshot). Thread-safe. O(id length). */
hi_status hi_snapshot_view_id(const hi_snapshot *snapshot, hi_view view, char *buffer, size_t capacity,
                              size_t *out_length);

/* Reads back a snapshot's version: 1 for the world's first, one more per commit after.
 * Errors: HI_ERROR_NULL. Thread-safe. O(1). */
hi_status hi_snapshot_version(const hi_snapshot *snapshot, uint64_t *out_version);

/* The number of views in the snapshot, windows included. Errors: HI_ERROR_NULL. Thread-safe. O(1). */
hi_status hi_snapshot_view_count(const hi_snapshot *snapshot, size_t *out_count);

/* Whether `view` names a view of this snapshot (handle validity; never an error for a stale
 * handle). Errors: HI_ERROR_NULL. Thread-safe. O(1). */
hi_status hi_snapshot_contains(const hi_snapshot *snapshot, hi_view view, bool *out_contains);

/* The user value stored with `view` in this snapshot.
 * Errors: HI_ERROR_NULL, HI_ERROR_STALE. Thread-safe. O(1). */
hi_status hi_snapshot_user_value(const hi_snapshot *snapshot, hi_view view, uint64_t *out_value);

/* ---- Reading the tree back (the same calls on a snapshot and on the writer) ----
 *
 * Lists are copied into a caller's buffer: at most `capacity` handles are written, and
 * *out_count is set to how many there are, so a call with capacity 0 (buffer may then be NULL)
 * measures and a buffer too small is filled as far as it goes. */

/* Sets *out_parent to the view's superview, or the zero handle for a window.
 * Errors: HI_ERROR_NULL, HI_ERROR_STALE. Thread-safe. O(1). */
hi_status hi_snapshot_parent(const hi_snapshot *snapshot, hi_view view, hi_view *out_parent);

/* The view's subviews, back to front (the last is the front-most).
 * Errors: HI_ERROR_NULL (snapshot, out_count, or buffer with capacity > 0), HI_ERROR_STALE.
 * Thread-safe. O(k) for k subviews. */
hi_status hi_snapshot_subviews(const hi_snapshot *snapshot, hi_view view, hi_view *buffer, size_t capacity,
                               size_t *out_count);

/* The windows, front to back (the order in which touches try them).
 * Errors: HI_ERROR_NULL (snapshot, out_count, or buffer with capacity > 0). Thread-safe. O(w). */
hi_status hi_snapshot_windows(const hi_snapshot *snapshot, hi_view *buffer, size_t capacity, size_t *out_count);

/* Sets *out_is_window to whether the view is a window.
 * Errors: HI_ERROR_NULL, HI_ERROR_STALE. Thread-safe. O(1). */
hi_status hi_snapshot_is_window(const hi_snapshot *snapshot, hi_view view, bool *out_is_window);

/* Sets *out_level to a window's level.
 * Errors: HI_ERROR_NULL, HI_ERROR_STALE, HI_ERROR_INVALID (not a window). Thread-safe. O(1). */
hi_status hi_snapshot_window_level(const hi_snapshot *snapshot, hi_view window, double *out_level);

/* Sets *out_target to the view's redirect target while that target lives, else the zero handle.
 * Errors: HI_ERROR_NULL, HI_ERROR_STALE. Thread-safe. O(1). */
hi_status hi_snapshot_redirect_target(const hi_snapshot *snapshot, hi_view view, hi_view *out_target);

/* Hit-tests `count` points: out_hits[i] and out_found[i] are what hi_snapshot_hit_test gives for
 * points[i]. The work is spread over at most `threads` threads (0 or 1: the calling thread only;
 * each thread takes at least 256 points); the call returns when every point is answered. The buffers belong to the caller and must not
 * overlap. Errors: HI_ERROR_NULL (any buffer, when count > 0), HI_ERROR_INVALID (count above
 * INT64_MAX). Thread-safe.
 * O(count x one query / threads); allocation-free on the calling thread. */
hi_status hi_snapshot_hit_test_batch(const hi_snapshot *snapshot, const hi_point *points, size_t count,
                                     hi_hit *out_hits, bool *out_found, uint32_t threads);

/* Called once per view by hi_snapshot_hit_test_all; return true to go on, false to stop. */
typedef bool (*hi_hit_visitor)(void *context, hi_hit hit);

/* Calls `visit` for every view a touch at (x, y) could land on, front to back: the views that
 * are eligible with all their ancestors, inside their own hit area and every clipping ancestor's,
 * and not pass-through, each mapped through its outermost redirecting ancestor (what the hit test
 * would return were it the front-most). The first is hi_snapshot_hit_test's answer. `context`
 * is passed through untouched. Errors: HI_ERROR_NULL (snapshot or visit). Thread-safe.
 * O(n): it visits every reachable view (for debugging and layered routing, not per frame). */
hi_status hi_snapshot_hit_test_all(const hi_snapshot *snapshot, double x, double y, hi_hit_visitor visit,
                                   void *context);

/* What one hi_explain_item reports. */
typedef enum hi_explain_kind {
    /* The answer, as the hit test gives it (view is zero when nothing takes the touch). Always
     * first, exactly once. */
    HI_EXPLAIN_RESULT = 0,
    /* The view the search accepted, before any redirect (at most once). */
    HI_EXPLAIN_WINNER = 1,
    /* The redirecting ancestor that replaced the winner with the result (at most once). */
    HI_EXPLAIN_REDIRECTED_BY = 2,
    /* One view on the accepted path, from the winner's window down to the winner, with the touch
     * in its bounds space (point) and whether it is inside the view's hit area (inside). */
    HI_EXPLAIN_STEP = 3,
    /* A view in front of the winner whose own hit area holds the touch, and why it lost
     * (rejection, and the ancestor concerned for HI_REJECTION_*_ANCESTOR); front-most first. */
    HI_EXPLAIN_REJECTED = 4
} hi_explain_kind;

/* Why a view in front of the winner lost. */
typedef enum hi_rejection {
    HI_REJECTION_NONE = 0,
    HI_REJECTION_HIDDEN = 1,
    HI_REJECTION_TRANSPARENT = 2,
    HI_REJECTION_INTERACTION_DISABLED = 3,
    /* An ancestor (item.ancestor) is hidden, transparent or has interaction disabled. */
    HI_REJECTION_INELIGIBLE_ANCESTOR = 4,
    /* The touch is outside the hit area of this clipping ancestor (item.ancestor). */
    HI_REJECTION_OUTSIDE_ANCESTOR = 5,
    HI_REJECTION_PASS_THROUGH = 6
} hi_rejection;

/* One fact of an explanation; fields that do not apply to the kind are zero. */
typedef struct hi_explain_item {
    hi_explain_kind kind;
    hi_view view;
    hi_point point;
    bool inside;
    hi_rejection rejection;
    hi_view ancestor;
} hi_explain_item;

/* Called once per item by hi_snapshot_explain; return true to go on, false to stop. */
typedef bool (*hi_explain_visitor)(void *context, const hi_explain_item *item);

/* Explains the answer at (x, y), as `hitindex explain` does, by calling `visit` with: the
 * result; the winner and the redirecting view when there are; the accepted path, window first;
 * then at most `limit` rejected views, front-most first (SIZE_MAX: all). The item pointer is valid during the
 * call only. Errors: HI_ERROR_NULL (snapshot or visit). Thread-safe.
 * O(n) time and memory: for debugging. */
hi_status hi_snapshot_explain(const hi_snapshot *snapshot, double x, double y, size_t limit, hi_explain_visitor visit,
                              void *context);

/* ---- Transactions (the writer) ---- */

/* Opens a transaction: the edits that follow become visible to readers at hi_world_commit.
 * Errors: HI_ERROR_NULL, HI_ERROR_TRANSACTION (one is already open, or a Swift host sharing the
 * index through CWorldBridge has uncommitted edits). O(1). */
hi_status hi_world_begin(hi_world *world);

/* Publishes the open transaction's edits as a new snapshot (a transaction without edits
 * publishes nothing: the current snapshot is handed back), or, when an edit was rejected,
 * undoes them all (the world returns to the last commit) and returns HI_ERROR_REJECTED with the
 * first failure's message. Either way the transaction is closed. When out_snapshot is not NULL
 * and the commit succeeds, *out_snapshot is the new snapshot, acquired for the caller (release
 * it). Errors: HI_ERROR_NULL (world), HI_ERROR_TRANSACTION (none open), HI_ERROR_REJECTED.
 * O(pages the edits touched), plus freeing what no snapshot can read any more. */
hi_status hi_world_commit(hi_world *world, hi_snapshot **out_snapshot);

/* Closes the open transaction, undoing its edits (nothing is published). With no transaction
 * open it does nothing. Errors: HI_ERROR_NULL. O(pages the edits created). */
hi_status hi_world_discard(hi_world *world);

/* Lays the world's memory out again as a fresh load has it, so that queries stop paying for
 * pages that edits copied; an edit of the open transaction that changes no answer (so a
 * transaction with it publishes a new version, which gives readers the new layout). Call it
 * when idle.
 * Errors: HI_ERROR_NULL, HI_ERROR_TRANSACTION, HI_ERROR_REJECTED. O(n). */
hi_status hi_world_compact(hi_world *world);

/* ---- Edits (inside a transaction; see Conventions for failures) ---- */

/* Creates one view from `def` under `parent` at `position`, and sets *out_view (may be NULL) to
 * its handle. Of `def`, the fields parent, order, window_level and redirect_target are not used
 * (use hi_world_set_redirect after). Errors: HI_ERROR_NULL (world, def), HI_ERROR_TRANSACTION,
 * HI_ERROR_REJECTED, HI_ERROR_STALE (parent or sibling), HI_ERROR_INVALID (a value a scene file
 * refuses, a duplicate id, a bad position). O(log k) plus the upkeep of the boxes above. */
hi_status hi_world_create_view(hi_world *world, hi_view parent, hi_position position, const hi_view_def *def,
                               hi_view *out_view);

/* Creates one window from `def` at def->window_level, in front of the windows of that level,
 * and sets *out_view (may be NULL) to its handle; parent, order and redirect_target are not
 * used. Errors: as hi_world_create_view. O(log w) for w windows. */
hi_status hi_world_create_window(hi_world *world, const hi_view_def *def, hi_view *out_view);

/* Removes a view (a window too) with its subviews; their handles become stale. A view whose
 * redirect named one of them loses it. Errors: HI_ERROR_NULL, HI_ERROR_TRANSACTION,
 * HI_ERROR_REJECTED, HI_ERROR_STALE. O(m) for m removed views, plus O(log k). */
hi_status hi_world_remove_view(hi_world *world, hi_view view);

/* Called once per handle a removal makes stale, in the middle of the removal: it must not call
 * back into this library (record the handle and act on it after the call returns). */
typedef void (*hi_removed_visitor)(void *context, hi_view removed);

/* hi_world_remove_view, calling `removed` (may be NULL) with every handle the removal makes
 * stale, the view first and each view before its subviews, so that an engine can drop its own
 * records: on success only, during the call, before it returns. If the transaction is then
 * discarded or rejected, the views come back with the same handles.
 * Errors: as hi_world_remove_view. O(m) for m removed views, plus O(log k). */
hi_status hi_world_remove_view_reporting(hi_world *world, hi_view view, hi_removed_visitor removed, void *context);

/* Moves a view with its subviews under `parent` at `position` (also to reorder among its
 * siblings: pass its own superview). Windows are not moved (set their level).
 * Errors: HI_ERROR_NULL, HI_ERROR_TRANSACTION, HI_ERROR_REJECTED, HI_ERROR_STALE (view, parent
 * or sibling), HI_ERROR_INVALID (a window, a cycle: parent is the view or inside it, a bad
 * position). O(log k) per place, plus O(depth). */
hi_status hi_world_move_view(hi_world *world, hi_view view, hi_view parent, hi_position position);

/* Scrolls a view: sets bounds.origin to (x, y). Its subviews' boxes live in its bounds space, so
 * this costs the same whatever it holds. Errors: HI_ERROR_NULL, HI_ERROR_TRANSACTION,
 * HI_ERROR_REJECTED, HI_ERROR_STALE, HI_ERROR_INVALID (not finite). O(1) (plus box upkeep when
 * the view hit-tests subviews outside its bounds). */
hi_status hi_world_scroll(hi_world *world, hi_view view, double x, double y);

/* Sets every attribute at once from `def`: geometry, eligibility, hit area and user value (not
 * its id, parent, order, level or redirect). Errors: HI_ERROR_NULL, HI_ERROR_TRANSACTION,
 * HI_ERROR_REJECTED, HI_ERROR_STALE, HI_ERROR_INVALID. O(1) plus box upkeep. */
hi_status hi_world_set_attributes(hi_world *world, hi_view view, const hi_view_def *def);

/* Sets a view's frame as UIKit does: bounds.size and center (through the anchor point), the
 * scroll offset kept. Refused (HI_ERROR_INVALID) on a view with a non-identity transform, as
 * in a scene file. Errors: as hi_world_set_attributes. O(1) plus box upkeep. */
hi_status hi_world_set_frame(hi_world *world, hi_view view, hi_rect frame);

/* One attribute each, with UIKit's meaning (docs/semantics.md). Each refuses what a scene file
 * refuses (HI_ERROR_INVALID: a non-finite value, a negative alpha, an unknown shape, a negative
 * corner radius); a negative minimum size or inset is allowed, as in a scene file.
 * Errors: HI_ERROR_NULL, HI_ERROR_TRANSACTION, HI_ERROR_REJECTED, HI_ERROR_STALE,
 * HI_ERROR_INVALID. O(1) plus box upkeep. */
hi_status hi_world_set_bounds(hi_world *world, hi_view view, hi_rect bounds);
hi_status hi_world_set_center(hi_world *world, hi_view view, hi_point center);
hi_status hi_world_set_anchor_point(hi_world *world, hi_view view, hi_point anchor_point);
hi_status hi_world_set_transform(hi_world *world, hi_view view, hi_transform transform);
hi_status hi_world_set_hidden(hi_world *world, hi_view view, bool hidden);
hi_status hi_world_set_alpha(hi_world *world, hi_view view, float alpha);
hi_status hi_world_set_user_interaction_enabled(hi_world *world, hi_view view, bool enabled);
hi_status hi_world_set_hit_test_insets(hi_world *world, hi_view view, hi_insets insets);
hi_status hi_world_set_minimum_hit_size(hi_world *world, hi_view view, double width, double height);
hi_status hi_world_set_shape(hi_world *world, hi_view view, hi_shape shape, double corner_radius);
hi_status hi_world_set_hit_tests_subviews_outside_bounds(hi_world *world, hi_view view, bool value);
hi_status hi_world_set_pass_through(hi_world *world, hi_view view, bool value);

/* Sets the value returned with every hit on the view. Errors: as the setters above. O(1). */
hi_status hi_world_set_user_value(hi_world *world, hi_view view, uint64_t user_value);

/* Sets (NUL-terminated UTF-8, copied) or clears (NULL or "") a view's id, unique among the
 * world's views. Errors: as the setters above; HI_ERROR_INVALID for a duplicate or non-UTF-8 id.
 * O(length) expected. */
hi_status hi_world_set_id(hi_world *world, hi_view view, const char *id);

/* Sets a window's level; it moves in front of the windows of its new level that were created
 * before it, behind those created after it. Errors: as the setters above; HI_ERROR_INVALID for
 * a view that is not a window or a non-finite level. O(log w) for w windows. */
hi_status hi_world_set_window_level(hi_world *world, hi_view window, double level);

/* Sets (target: a live view) or clears (target: the zero handle) the view every hit in this
 * view's subtree goes to; the redirect lasts while the target lives. Errors: as the setters
 * above (HI_ERROR_STALE for the target too). O(1) plus box upkeep. */
hi_status hi_world_set_redirect(hi_world *world, hi_view view, hi_view target);

/* A custom hit test: called with the touch in the view's bounds space after its shape test
 * passes, it can only narrow the hit area (return false to let the touch pass). It is called
 * from whichever thread queries a snapshot (for a batch on several threads, the library's
 * worker threads), concurrently, so it must be thread-safe, quick and must not call back into
 * this library. */
typedef bool (*hi_predicate)(void *context, hi_view view, double x, double y);

/* Called once with the predicate's context when no world state and no snapshot can call the
 * predicate any more, on whichever thread drops the last reference. */
typedef void (*hi_release)(void *context);

/* Sets (predicate not NULL) or clears (NULL) a view's custom hit test. From this call on the
 * library owns `context`: `release` (may be NULL) is called exactly once, also when this call
 * fails or the transaction is rejected. Errors: as the setters above. O(1) plus box upkeep. */
hi_status hi_world_set_predicate(hi_world *world, hi_view view, hi_predicate predicate, void *context,
                                 hi_release release);

/* ---- Reading the world (the writer's state, edits of an open transaction included) ---- */

/* Whether `view` names a live view of the world (handle validity).
 * Errors: HI_ERROR_NULL. O(1). */
hi_status hi_world_contains(const hi_world *world, hi_view view, bool *out_contains);

/* The handle of the view whose id is `id`; *out_found is false (and *out_view zero) when no view
 * has it. Errors: HI_ERROR_NULL. O(length) expected. */
hi_status hi_world_view_for_id(const hi_world *world, const char *id, hi_view *out_view, bool *out_found);

/* Fills *out_def with a view's attributes and user value, window_level for a window, and its
 * superview and redirect target as handles (superview, redirect). The bulk-load positions have
 * no meaning here: parent, order and redirect_target are -1, 0 and -1, and id is NULL
 * (hi_world_view_id reads ids). Errors: HI_ERROR_NULL, HI_ERROR_STALE. O(1). */
hi_status hi_world_get_attributes(const hi_world *world, hi_view view, hi_view_def *out_def);

/* The writer's side of the tree reads above: the current state, edits of an open transaction
 * included. Errors and complexity as their hi_snapshot_ counterparts. */
hi_status hi_world_parent(const hi_world *world, hi_view view, hi_view *out_parent);
hi_status hi_world_subviews(const hi_world *world, hi_view view, hi_view *buffer, size_t capacity,
                            size_t *out_count);
hi_status hi_world_windows(const hi_world *world, hi_view *buffer, size_t capacity, size_t *out_count);
hi_status hi_world_is_window(const hi_world *world, hi_view view, bool *out_is_window);
hi_status hi_world_window_level(const hi_world *world, hi_view window, double *out_level);
hi_status hi_world_redirect_target(const hi_world *world, hi_view view, hi_view *out_target);
hi_status hi_world_view_id(const hi_world *world, hi_view view, char *buffer, size_t capacity,
                           size_t *out_length);

/* Writes the world's current state as a scene file (the scene format's JSON) at `path`, which
 * `hitindex` reads: for a bug report, or to check answers against the reference engine. Windows
 * are listed in the order they were made (the tie-break among equal levels), so the file reads
 * back into a world that answers alike through the same edits. Views without an id are written
 * with the id "#slot.generation", or "#slot.generation~N" when a view has that id. Errors: HI_ERROR_NULL,
 * HI_ERROR_SCENE (the file could not be written). O(n). */
hi_status hi_world_write_scene(const hi_world *world, const char *path);

/* Checks every structure of the world (links, orders, boxes, ids) and returns HI_ERROR_INVALID
 * with the first violation when one is unsound; HI_OK means consistent. For tests.
 * Errors: HI_ERROR_NULL, HI_ERROR_INVALID. O(n). */
hi_status hi_world_check(const hi_world *world);

#ifdef __cplusplus
}
#endif

#endif /* HITINDEX_H */
