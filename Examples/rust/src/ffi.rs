//! The part of include/hitindex.h this example uses, declared by hand (`#[repr(C)]` mirrors of
//! the header's structs, for ABI 2; C enums are `int`-sized, so statuses and places are `i32`).
//! The layouts are checked at compile time against the offsets `.ci/abi/hitindex.abi` records.
#![allow(non_camel_case_types, dead_code)]

use std::os::raw::{c_char, c_void};

pub type hi_status = i32;
pub const HI_OK: hi_status = 0;
pub const HI_ERROR_NULL: hi_status = 1;
pub const HI_ERROR_INVALID: hi_status = 2;
pub const HI_ERROR_STALE: hi_status = 3;
pub const HI_ERROR_SCENE: hi_status = 4;
pub const HI_ERROR_REJECTED: hi_status = 5;
pub const HI_ERROR_TRANSACTION: hi_status = 6;

pub const HI_ABI_VERSION: u32 = 2;

/// The header's HI_ABI_VERSION, which build.rs reads from include/hitindex.h.
const HEADER_ABI_VERSION: u32 = match u32::from_str_radix(env!("HITINDEX_HEADER_ABI_VERSION"), 10) {
    Ok(version) => version,
    Err(_) => panic!("build.rs read no number as include/hitindex.h's HI_ABI_VERSION"),
};
const _: () = assert!(
    HEADER_ABI_VERSION == HI_ABI_VERSION,
    "include/hitindex.h describes another ABI than these declarations: update them"
);

pub const HI_FRONT: i32 = 0;
pub const HI_BACK: i32 = 1;
pub const HI_AT_INDEX: i32 = 2;
pub const HI_ABOVE: i32 = 3;
pub const HI_BELOW: i32 = 4;

pub type hi_explain_kind = i32;
pub const HI_EXPLAIN_RESULT: hi_explain_kind = 0;
pub const HI_EXPLAIN_WINNER: hi_explain_kind = 1;
pub const HI_EXPLAIN_REDIRECTED_BY: hi_explain_kind = 2;
pub const HI_EXPLAIN_STEP: hi_explain_kind = 3;
pub const HI_EXPLAIN_REJECTED: hi_explain_kind = 4;

pub type hi_rejection = i32;

#[repr(C)]
pub struct hi_world {
    _opaque: [u8; 0],
}

#[repr(C)]
pub struct hi_snapshot {
    _opaque: [u8; 0],
}

#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct hi_view {
    pub slot: u32,
    pub generation: u32,
    /// The tag of the world that made the handle: another world refuses it as stale.
    pub world: u32,
}

#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct hi_hit {
    pub view: hi_view,
    pub user_value: u64,
}

#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct hi_rect {
    pub x: f64,
    pub y: f64,
    pub width: f64,
    pub height: f64,
}

#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct hi_point {
    pub x: f64,
    pub y: f64,
}

#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct hi_transform {
    pub a: f64,
    pub b: f64,
    pub c: f64,
    pub d: f64,
    pub tx: f64,
    pub ty: f64,
}

#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct hi_insets {
    pub top: f64,
    pub left: f64,
    pub bottom: f64,
    pub right: f64,
}

#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct hi_position {
    pub place: i32,
    pub index: i64,
    pub sibling: hi_view,
}

#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct hi_view_def {
    pub parent: i64,
    pub order: i64,
    pub window_level: f64,
    pub bounds: hi_rect,
    pub center: hi_point,
    pub anchor_point: hi_point,
    pub transform: hi_transform,
    pub hidden: bool,
    pub alpha: f32,
    pub user_interaction_enabled: bool,
    pub hit_test_insets: hi_insets,
    pub minimum_hit_width: f64,
    pub minimum_hit_height: f64,
    pub shape: i32,
    pub corner_radius: f64,
    pub hit_tests_subviews_outside_bounds: bool,
    pub pass_through: bool,
    pub redirect_target: i64,
    pub user_value: u64,
    pub id: *const c_char,
    /// Written by hi_world_get_attributes (the superview and redirect target as handles),
    /// ignored by every call that reads a definition.
    pub superview: hi_view,
    pub redirect: hi_view,
}

#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct hi_explain_item {
    pub kind: hi_explain_kind,
    pub view: hi_view,
    pub point: hi_point,
    pub inside: bool,
    pub rejection: hi_rejection,
    pub ancestor: hi_view,
}

// ABI 2's layouts, as the header compiles them (a mismatch fails the build).
const _: () = {
    use std::mem::{align_of, offset_of, size_of};
    assert!(size_of::<hi_view>() == 12 && align_of::<hi_view>() == 4 && offset_of!(hi_view, world) == 8);
    assert!(size_of::<hi_hit>() == 24 && offset_of!(hi_hit, user_value) == 16);
    assert!(size_of::<hi_position>() == 32 && offset_of!(hi_position, sibling) == 16);
    assert!(size_of::<hi_explain_item>() == 56 && offset_of!(hi_explain_item, ancestor) == 40);
    assert!(size_of::<hi_view_def>() == 272 && offset_of!(hi_view_def, id) == 240);
    assert!(offset_of!(hi_view_def, superview) == 248 && offset_of!(hi_view_def, redirect) == 260);
};

/// Called once per handle a removal makes stale (`hi_removed_visitor`).
pub type hi_removed_visitor = Option<unsafe extern "C" fn(context: *mut c_void, removed: hi_view)>;

extern "C" {
    pub fn hi_abi_version() -> u32;
    pub fn hi_last_error() -> *const c_char;
    pub fn hi_default_view_def() -> hi_view_def;
    pub fn hi_world_load_scene(path: *const c_char, out_world: *mut *mut hi_world) -> hi_status;
    pub fn hi_world_destroy(world: *mut hi_world);
    pub fn hi_world_view_count(world: *const hi_world, out_count: *mut usize) -> hi_status;
    pub fn hi_world_version(world: *const hi_world, out_version: *mut u64) -> hi_status;
    pub fn hi_world_view_for_id(
        world: *const hi_world,
        id: *const c_char,
        out_view: *mut hi_view,
        out_found: *mut bool,
    ) -> hi_status;
    pub fn hi_world_contains(world: *const hi_world, view: hi_view, out_contains: *mut bool) -> hi_status;
    pub fn hi_world_acquire_snapshot(world: *const hi_world, out_snapshot: *mut *mut hi_snapshot) -> hi_status;
    pub fn hi_world_begin(world: *mut hi_world) -> hi_status;
    pub fn hi_world_commit(world: *mut hi_world, out_snapshot: *mut *mut hi_snapshot) -> hi_status;
    pub fn hi_world_create_view(
        world: *mut hi_world,
        parent: hi_view,
        position: hi_position,
        def: *const hi_view_def,
        out_view: *mut hi_view,
    ) -> hi_status;
    pub fn hi_world_remove_view(world: *mut hi_world, view: hi_view) -> hi_status;
    pub fn hi_world_remove_view_reporting(
        world: *mut hi_world,
        view: hi_view,
        removed: hi_removed_visitor,
        context: *mut c_void,
    ) -> hi_status;
    pub fn hi_world_move_view(world: *mut hi_world, view: hi_view, parent: hi_view, position: hi_position)
        -> hi_status;
    pub fn hi_world_scroll(world: *mut hi_world, view: hi_view, x: f64, y: f64) -> hi_status;
    pub fn hi_world_set_hidden(world: *mut hi_world, view: hi_view, hidden: bool) -> hi_status;
    pub fn hi_world_subviews(
        world: *const hi_world,
        view: hi_view,
        buffer: *mut hi_view,
        capacity: usize,
        out_count: *mut usize,
    ) -> hi_status;
    pub fn hi_world_write_scene(world: *const hi_world, path: *const c_char) -> hi_status;
    pub fn hi_world_check(world: *const hi_world) -> hi_status;
    pub fn hi_snapshot_release(snapshot: *mut hi_snapshot);
    pub fn hi_snapshot_hit_test(
        snapshot: *const hi_snapshot,
        x: f64,
        y: f64,
        out_hit: *mut hi_hit,
        out_found: *mut bool,
    ) -> hi_status;
    pub fn hi_snapshot_view_id(
        snapshot: *const hi_snapshot,
        view: hi_view,
        buffer: *mut c_char,
        capacity: usize,
        out_length: *mut usize,
    ) -> hi_status;
    pub fn hi_snapshot_version(snapshot: *const hi_snapshot, out_version: *mut u64) -> hi_status;
    pub fn hi_snapshot_parent(snapshot: *const hi_snapshot, view: hi_view, out_parent: *mut hi_view) -> hi_status;
    pub fn hi_snapshot_subviews(
        snapshot: *const hi_snapshot,
        view: hi_view,
        buffer: *mut hi_view,
        capacity: usize,
        out_count: *mut usize,
    ) -> hi_status;
}
