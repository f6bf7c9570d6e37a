#!/usr/bin/env python3
"""Examples/c/frame.c's frame loop from Python, through HitIndex's C API (ABI 2) with ctypes
(standard library only): the same edits, removal reports, version checks, tree reads, queries,
refusals, stderr summary and stdout answers, which CI diffs with the C client's and with
`hitindex query --engine reference` on the scene this writes.

    swift build -c release --product HitIndexC
    python3 Examples/python/frame.py Examples/list.json /tmp/out.json 10,10 150,250

The library is found in HITINDEX_LIB_DIR, else in .build/release beside this checkout.
"""
import ctypes as C
import os
import sys

HI_OK, HI_ERROR_NULL, HI_ERROR_INVALID, HI_ERROR_STALE = 0, 1, 2, 3
HI_ERROR_SCENE, HI_ERROR_REJECTED, HI_ERROR_TRANSACTION = 4, 5, 6
HI_ABI_VERSION = 2
HI_FRONT, HI_BACK = 0, 1


class View(C.Structure):
    # world: the tag of the world that made the handle; another world refuses it as stale.
    _fields_ = [("slot", C.c_uint32), ("generation", C.c_uint32), ("world", C.c_uint32)]

    def same(self, other):
        return (self.slot, self.generation, self.world) == (other.slot, other.generation, other.world)


class Hit(C.Structure):
    _fields_ = [("view", View), ("user_value", C.c_uint64)]


class Rect(C.Structure):
    _fields_ = [("x", C.c_double), ("y", C.c_double), ("width", C.c_double), ("height", C.c_double)]


class Point(C.Structure):
    _fields_ = [("x", C.c_double), ("y", C.c_double)]


class Transform(C.Structure):
    _fields_ = [(name, C.c_double) for name in ("a", "b", "c", "d", "tx", "ty")]


class Insets(C.Structure):
    _fields_ = [(name, C.c_double) for name in ("top", "left", "bottom", "right")]


class Position(C.Structure):
    _fields_ = [("place", C.c_int), ("index", C.c_int64), ("sibling", View)]


class ViewDef(C.Structure):
    _fields_ = [
        ("parent", C.c_int64), ("order", C.c_int64), ("window_level", C.c_double),
        ("bounds", Rect), ("center", Point), ("anchor_point", Point), ("transform", Transform),
        ("hidden", C.c_bool), ("alpha", C.c_float), ("user_interaction_enabled", C.c_bool),
        ("hit_test_insets", Insets), ("minimum_hit_width", C.c_double), ("minimum_hit_height", C.c_double),
        ("shape", C.c_int), ("corner_radius", C.c_double),
        ("hit_tests_subviews_outside_bounds", C.c_bool), ("pass_through", C.c_bool),
        ("redirect_target", C.c_int64), ("user_value", C.c_uint64), ("id", C.c_char_p),
        # Written by hi_world_get_attributes, ignored by every call that reads a definition.
        ("superview", View), ("redirect", View),
    ]


class ExplainItem(C.Structure):
    _fields_ = [
        ("kind", C.c_int), ("view", View), ("point", Point), ("inside", C.c_bool),
        ("rejection", C.c_int), ("ancestor", View),
    ]


# ABI 2's layouts (.ci/abi/hitindex.abi records every offset).
assert C.sizeof(View) == 12 and C.sizeof(Hit) == 24 and Hit.user_value.offset == 16
assert C.sizeof(Position) == 32 and C.sizeof(ExplainItem) == 56 and ExplainItem.ancestor.offset == 40
assert C.sizeof(ViewDef) == 272 and ViewDef.superview.offset == 248 and ViewDef.redirect.offset == 260

# Called once per handle a removal makes stale: (context, removed).
REMOVED_VISITOR = C.CFUNCTYPE(None, C.c_void_p, View)


def load_library():
    here = os.path.dirname(os.path.abspath(__file__))
    folder = os.environ.get("HITINDEX_LIB_DIR", os.path.join(here, "..", "..", ".build", "release"))
    lib = C.CDLL(os.path.join(folder, "libHitIndexC.so"))
    P = C.c_void_p
    signatures = {
        "hi_abi_version": (C.c_uint32, []),
        "hi_last_error": (C.c_char_p, []),
        "hi_default_view_def": (ViewDef, []),
        "hi_world_load_scene": (C.c_int, [C.c_char_p, C.POINTER(P)]),
        "hi_world_destroy": (None, [P]),
        "hi_world_view_count": (C.c_int, [P, C.POINTER(C.c_size_t)]),
        "hi_world_version": (C.c_int, [P, C.POINTER(C.c_uint64)]),
        "hi_world_subviews": (C.c_int, [P, View, C.POINTER(View), C.c_size_t, C.POINTER(C.c_size_t)]),
        "hi_world_view_for_id": (C.c_int, [P, C.c_char_p, C.POINTER(View), C.POINTER(C.c_bool)]),
        "hi_world_contains": (C.c_int, [P, View, C.POINTER(C.c_bool)]),
        "hi_world_acquire_snapshot": (C.c_int, [P, C.POINTER(P)]),
        "hi_world_begin": (C.c_int, [P]),
        "hi_world_commit": (C.c_int, [P, C.POINTER(P)]),
        "hi_world_create_view": (C.c_int, [P, View, Position, C.POINTER(ViewDef), C.POINTER(View)]),
        "hi_world_remove_view": (C.c_int, [P, View]),
        "hi_world_remove_view_reporting": (C.c_int, [P, View, REMOVED_VISITOR, P]),
        "hi_world_move_view": (C.c_int, [P, View, View, Position]),
        "hi_world_scroll": (C.c_int, [P, View, C.c_double, C.c_double]),
        "hi_world_set_hidden": (C.c_int, [P, View, C.c_bool]),
        "hi_world_write_scene": (C.c_int, [P, C.c_char_p]),
        "hi_world_check": (C.c_int, [P]),
        "hi_snapshot_release": (None, [P]),
        "hi_snapshot_hit_test": (C.c_int, [P, C.c_double, C.c_double, C.POINTER(Hit), C.POINTER(C.c_bool)]),
        "hi_snapshot_view_id": (C.c_int, [P, View, C.c_char_p, C.c_size_t, C.POINTER(C.c_size_t)]),
        "hi_snapshot_version": (C.c_int, [P, C.POINTER(C.c_uint64)]),
        "hi_snapshot_parent": (C.c_int, [P, View, C.POINTER(View)]),
        "hi_snapshot_subviews": (C.c_int, [P, View, C.POINTER(View), C.c_size_t, C.POINTER(C.c_size_t)]),
    }
    for name, (result, arguments) in signatures.items():
        function = getattr(lib, name)
        function.restype = result
        function.argtypes = arguments
    return lib


lib = load_library()


class HitIndexError(Exception):
    def __init__(self, status, message):
        super().__init__(f"{message} (status {status})")
        self.status = status


def check(status):
    if status != HI_OK:
        raise HitIndexError(status, lib.hi_last_error().decode())


def refused(status, want, what):
    if status != want:
        raise HitIndexError(status, f"{what}: expected status {want}: {lib.hi_last_error().decode()}")


def view_named(world, name):
    view, found = View(), C.c_bool()
    check(lib.hi_world_view_for_id(world, name.encode(), C.byref(view), C.byref(found)))
    if not found.value:
        raise HitIndexError(HI_ERROR_STALE, f"no view has the id {name!r}")
    return view


def hit_test(snapshot, x, y):
    hit, found = Hit(), C.c_bool()
    check(lib.hi_snapshot_hit_test(snapshot, x, y, C.byref(hit), C.byref(found)))
    return hit if found.value else None


def view_id(snapshot, view):
    length = C.c_size_t()
    check(lib.hi_snapshot_view_id(snapshot, view, None, 0, C.byref(length)))
    buffer = C.create_string_buffer(length.value + 1)
    check(lib.hi_snapshot_view_id(snapshot, view, buffer, len(buffer), C.byref(length)))
    return buffer.value.decode()


def world_version(world):
    version = C.c_uint64()
    check(lib.hi_world_version(world, C.byref(version)))
    return version.value


def snapshot_version(snapshot):
    version = C.c_uint64()
    check(lib.hi_snapshot_version(snapshot, C.byref(version)))
    return version.value


def subview_count(world, view):
    """How many subviews `view` has in the writer's state (a read with capacity 0)."""
    count = C.c_size_t()
    check(lib.hi_world_subviews(world, view, None, 0, C.byref(count)))
    return count.value


def snapshot_subviews(snapshot, view):
    """The view's subviews, back to front: measured, then copied into a buffer of that size."""
    count = C.c_size_t()
    check(lib.hi_snapshot_subviews(snapshot, view, None, 0, C.byref(count)))
    buffer = (View * count.value)()
    check(lib.hi_snapshot_subviews(snapshot, view, buffer, len(buffer), C.byref(count)))
    return list(buffer)[:count.value]


def snapshot_parent(snapshot, view):
    parent = View()
    check(lib.hi_snapshot_parent(snapshot, view, C.byref(parent)))
    return parent


def remove_reporting(world, view):
    """Removes `view` with its subviews (inside a transaction); returns every handle the removal
    made stale, the view first."""
    stale = []

    def record(context, removed):
        # A copy: the argument lives in the library's call frame.
        stale.append(View(removed.slot, removed.generation, removed.world))

    # The callback object must stay referenced until the call returns: it does, as a local.
    visitor = REMOVED_VISITOR(record)
    check(lib.hi_world_remove_view_reporting(world, view, visitor, None))
    return stale


FRAMES, RECYCLE_AFTER = 60, 5


def run(args):
    world = C.c_void_p()
    check(lib.hi_world_load_scene(args[1].encode(), C.byref(world)))
    try:
        window, scroller = view_named(world, "W"), view_named(world, "List")
        button, row0 = view_named(world, "Button"), view_named(world, "Row0")
        front, back = Position(HI_FRONT, 0, View()), Position(HI_BACK, 0, View())
        rows = [View() for _ in range(FRAMES)]
        hits, checksum, removed, list_subviews = 0, 0, 0, 0
        if world_version(world) != 1:
            raise HitIndexError(HI_OK, "a loaded world is not at version 1")
        for f in range(FRAMES):
            check(lib.hi_world_begin(world))
            check(lib.hi_world_scroll(world, scroller, 0, (f * 7) % 150))
            row = lib.hi_default_view_def()
            row.bounds = Rect(0, 0, 300, 40)
            row.center = Point(150, 20 + (f * 37) % 260)
            row.user_value = f + 1
            row.id = f"New{f}".encode()
            check(lib.hi_world_create_view(world, scroller, front, C.byref(row), C.byref(rows[f])))
            if f >= RECYCLE_AFTER:
                # The engine drops its records of every handle the removal makes stale.
                stale = remove_reporting(world, rows[f - RECYCLE_AFTER])
                if not stale or not stale[0].same(rows[f - RECYCLE_AFTER]):
                    raise HitIndexError(HI_OK, f"frame {f}: the removal did not report the removed row first")
                removed += len(stale)
            if f % 7 == 3:
                check(lib.hi_world_move_view(world, button, scroller, back))
            if f % 7 == 6:
                check(lib.hi_world_move_view(world, button, window, front))
            check(lib.hi_world_set_hidden(world, row0, f % 3 == 0))
            snapshot = C.c_void_p()
            check(lib.hi_world_commit(world, C.byref(snapshot)))
            try:
                # Every commit with edits publishes the next version; the writer knows it without
                # acquiring a snapshot.
                version = world_version(world)
                if version != f + 2 or snapshot_version(snapshot) != version:
                    raise HitIndexError(HI_OK, f"frame {f}: world version {version}, expected {f + 2}")
                # The list's subviews: counted on the writer, copied from the snapshot; the row
                # created in front is the last.
                count = subview_count(world, scroller)
                subviews = snapshot_subviews(snapshot, scroller)
                if (len(subviews) != count or not subviews or not subviews[-1].same(rows[f])
                        or not snapshot_parent(snapshot, rows[f]).same(scroller)):
                    raise HitIndexError(HI_OK, f"frame {f}: the new row is not the list's front-most subview")
                list_subviews += count
                for i in range(10):
                    for j in range(10):
                        hit = hit_test(snapshot, 15 + 30.0 * i, 15 + 30.0 * j)
                        if hit is not None:
                            hits += 1
                            checksum = (checksum * 31 + hit.user_value) % (1 << 64)
            finally:
                lib.hi_snapshot_release(snapshot)

        # Refusals: a recycled row's handle is stale; a cycle is invalid; a handle of another world
        # (the same scene loaded again: the same slot and generation, another tag) is stale; each
        # rejects its transaction.
        contains = C.c_bool(True)
        check(lib.hi_world_contains(world, rows[0], C.byref(contains)))
        if contains.value:
            raise HitIndexError(HI_OK, "a removed row's handle still names a view")
        check(lib.hi_world_begin(world))
        refused(lib.hi_world_set_hidden(world, rows[0], True), HI_ERROR_STALE, "an edit with a stale handle")
        refused(lib.hi_world_scroll(world, scroller, 0, 0), HI_ERROR_REJECTED, "an edit after a rejected one")
        refused(lib.hi_world_commit(world, None), HI_ERROR_REJECTED, "the commit of a rejected transaction")
        check(lib.hi_world_begin(world))
        refused(lib.hi_world_move_view(world, scroller, rows[FRAMES - 1], front), HI_ERROR_INVALID, "a cycle")
        refused(lib.hi_world_commit(world, None), HI_ERROR_REJECTED, "the commit of a rejected transaction")
        refused(lib.hi_world_commit(world, None), HI_ERROR_TRANSACTION, "a commit without a transaction")
        other = C.c_void_p()
        check(lib.hi_world_load_scene(args[1].encode(), C.byref(other)))
        try:
            other_list = view_named(other, "List")
            if other_list.world == scroller.world:
                raise HitIndexError(HI_OK, "two worlds share a tag")
            contains = C.c_bool(True)
            check(lib.hi_world_contains(world, other_list, C.byref(contains)))
            if contains.value:
                raise HitIndexError(HI_OK, "another world's handle names a view of this one")
            other_count = C.c_size_t()
            refused(lib.hi_world_subviews(world, other_list, None, 0, C.byref(other_count)), HI_ERROR_STALE,
                    "a read with another world's handle")
            check(lib.hi_world_begin(world))
            refused(lib.hi_world_scroll(world, other_list, 0, 0), HI_ERROR_STALE, "an edit with another world's handle")
            refused(lib.hi_world_commit(world, None), HI_ERROR_REJECTED, "the commit of a rejected transaction")
        finally:
            lib.hi_world_destroy(other)
        check(lib.hi_world_check(world))
        count = C.c_size_t()
        check(lib.hi_world_view_count(world, C.byref(count)))
        print(f"frames: {FRAMES}, views: {count.value}, hits: {hits}, checksum: {checksum}, removed: {removed}, "
              f"list subviews: {list_subviews}, version: {world_version(world)}", file=sys.stderr)

        check(lib.hi_world_write_scene(world, args[2].encode()))
        last = C.c_void_p()
        check(lib.hi_world_acquire_snapshot(world, C.byref(last)))
        try:
            for arg in args[3:]:
                parts = arg.split(",")
                if len(parts) != 2:
                    raise HitIndexError(HI_ERROR_INVALID, f"expected a point X,Y, got '{arg}'")
                hit = hit_test(last, float(parts[0]), float(parts[1]))
                print("nil" if hit is None else view_id(last, hit.view))
        finally:
            lib.hi_snapshot_release(last)
    finally:
        lib.hi_world_destroy(world)


def main():
    if len(sys.argv) < 3:
        print(f"usage: {sys.argv[0]} SCENE OUT [X,Y ...]", file=sys.stderr)
        return 2
    if lib.hi_abi_version() != HI_ABI_VERSION:
        print("frame: the library's ABI is not this program's", file=sys.stderr)
        return 1
    try:
        run(sys.argv)
    except HitIndexError as error:
        print(f"frame: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
