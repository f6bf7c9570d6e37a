//! Examples/c/frame.c's frame loop from Rust: the same edits, the same removal reports, version
//! checks and tree reads, the same 100 queries per frame, the same refusals, the same summary on
//! stderr and the same answers on stdout (CI diffs them with the C client's and with `hitindex
//! query --engine reference` on the scene this writes).
//!
//! ```text
//! swift build -c release --product HitIndexC
//! cargo run --release --manifest-path Examples/rust/Cargo.toml -- Examples/list.json /tmp/out.json 10,10
//! ```
mod ffi;

use ffi::*;
use std::ffi::{CStr, CString};
use std::os::raw::c_void;
use std::process::ExitCode;
use std::ptr;

/// A failed call: its status and the library's message.
#[derive(Debug)]
struct Error {
    status: hi_status,
    message: String,
}

/// The call's status as a `Result`, with the thread's last error on failure.
fn check(status: hi_status) -> Result<(), Error> {
    if status == HI_OK {
        return Ok(());
    }
    // Safe: hi_last_error returns a NUL-terminated string the library keeps until the next failure.
    let message = unsafe { CStr::from_ptr(hi_last_error()) }.to_string_lossy().into_owned();
    Err(Error { status, message })
}

/// A world, destroyed when dropped.
struct World(*mut hi_world);

impl Drop for World {
    fn drop(&mut self) {
        unsafe { hi_world_destroy(self.0) }
    }
}

/// A snapshot, released when dropped.
struct Snapshot(*mut hi_snapshot);

impl Drop for Snapshot {
    fn drop(&mut self) {
        unsafe { hi_snapshot_release(self.0) }
    }
}

impl World {
    fn load(path: &str) -> Result<World, Error> {
        let path = CString::new(path).expect("a path without NUL");
        let mut world = ptr::null_mut();
        check(unsafe { hi_world_load_scene(path.as_ptr(), &mut world) })?;
        Ok(World(world))
    }

    fn view(&self, id: &str) -> Result<hi_view, Error> {
        let id = CString::new(id).expect("an id without NUL");
        let (mut view, mut found) = (hi_view::default(), false);
        check(unsafe { hi_world_view_for_id(self.0, id.as_ptr(), &mut view, &mut found) })?;
        if !found {
            return Err(Error { status: HI_ERROR_STALE, message: format!("no view has the id {:?}", id) });
        }
        Ok(view)
    }

    fn snapshot(&self) -> Result<Snapshot, Error> {
        let mut snapshot = ptr::null_mut();
        check(unsafe { hi_world_acquire_snapshot(self.0, &mut snapshot) })?;
        Ok(Snapshot(snapshot))
    }

    fn commit(&self) -> Result<Snapshot, Error> {
        let mut snapshot = ptr::null_mut();
        check(unsafe { hi_world_commit(self.0, &mut snapshot) })?;
        Ok(Snapshot(snapshot))
    }

    /// The version the world published last, without acquiring it.
    fn version(&self) -> Result<u64, Error> {
        let mut version = 0u64;
        check(unsafe { hi_world_version(self.0, &mut version) })?;
        Ok(version)
    }

    /// How many subviews `view` has in the writer's state (a read with capacity 0).
    fn subview_count(&self, view: hi_view) -> Result<usize, Error> {
        let mut count = 0usize;
        check(unsafe { hi_world_subviews(self.0, view, ptr::null_mut(), 0, &mut count) })?;
        Ok(count)
    }

    /// Removes `view` with its subviews (inside a transaction) and returns every handle the
    /// removal made stale, the view first.
    fn remove(&self, view: hi_view) -> Result<Vec<hi_view>, Error> {
        unsafe extern "C" fn collect(context: *mut c_void, removed: hi_view) {
            // Safe: `context` is the Vec below, borrowed for the call; nothing here unwinds into C
            // but an allocation failure, which aborts.
            unsafe { (*context.cast::<Vec<hi_view>>()).push(removed) }
        }
        let mut stale: Vec<hi_view> = Vec::new();
        let context: *mut Vec<hi_view> = &mut stale;
        check(unsafe { hi_world_remove_view_reporting(self.0, view, Some(collect), context.cast()) })?;
        Ok(stale)
    }
}

impl Snapshot {
    fn hit_test(&self, x: f64, y: f64) -> Result<Option<hi_hit>, Error> {
        let (mut hit, mut found) = (hi_hit::default(), false);
        check(unsafe { hi_snapshot_hit_test(self.0, x, y, &mut hit, &mut found) })?;
        Ok(if found { Some(hit) } else { None })
    }

    fn id(&self, view: hi_view) -> Result<String, Error> {
        let mut length = 0usize;
        check(unsafe { hi_snapshot_view_id(self.0, view, ptr::null_mut(), 0, &mut length) })?;
        let mut buffer = vec![0u8; length + 1];
        check(unsafe { hi_snapshot_view_id(self.0, view, buffer.as_mut_ptr().cast(), buffer.len(), &mut length) })?;
        buffer.truncate(length);
        Ok(String::from_utf8_lossy(&buffer).into_owned())
    }

    fn version(&self) -> Result<u64, Error> {
        let mut version = 0u64;
        check(unsafe { hi_snapshot_version(self.0, &mut version) })?;
        Ok(version)
    }

    /// The view's subviews, back to front: measured, then copied into a buffer of that size.
    fn subviews(&self, view: hi_view) -> Result<Vec<hi_view>, Error> {
        let mut count = 0usize;
        check(unsafe { hi_snapshot_subviews(self.0, view, ptr::null_mut(), 0, &mut count) })?;
        let mut subviews = vec![hi_view::default(); count];
        check(unsafe { hi_snapshot_subviews(self.0, view, subviews.as_mut_ptr(), subviews.len(), &mut count) })?;
        subviews.truncate(count);
        Ok(subviews)
    }

    fn parent(&self, view: hi_view) -> Result<hi_view, Error> {
        let mut parent = hi_view::default();
        check(unsafe { hi_snapshot_parent(self.0, view, &mut parent) })?;
        Ok(parent)
    }
}

/// A failure of the loop's own checks.
fn fail(message: String) -> Error {
    Error { status: HI_OK, message }
}

/// Expects `status` to be the refusal `want`.
fn refused(status: hi_status, want: hi_status, what: &str) -> Result<(), Error> {
    match check(status) {
        Err(e) if e.status == want => Ok(()),
        Err(e) => Err(Error { status: e.status, message: format!("{}: expected status {}: {}", what, want, e.message) }),
        Ok(()) => Err(Error { status: HI_OK, message: format!("{}: accepted", what) }),
    }
}

const FRAMES: usize = 60;
const RECYCLE_AFTER: usize = 5;

fn run(args: &[String]) -> Result<(), Error> {
    let world = World::load(&args[1])?;
    let w = world.0;
    let (window, list, button, row0) = (world.view("W")?, world.view("List")?, world.view("Button")?, world.view("Row0")?);
    let front = hi_position { place: HI_FRONT, index: 0, sibling: hi_view::default() };
    let back = hi_position { place: HI_BACK, index: 0, sibling: hi_view::default() };
    let mut rows = [hi_view::default(); FRAMES];
    let (mut hits, mut checksum) = (0u64, 0u64);
    let (mut removed, mut list_subviews) = (0usize, 0usize);
    if world.version()? != 1 {
        return Err(fail("a loaded world is not at version 1".into()));
    }
    for f in 0..FRAMES {
        unsafe {
            check(hi_world_begin(w))?;
            check(hi_world_scroll(w, list, 0.0, ((f * 7) % 150) as f64))?;
            let mut row = hi_default_view_def();
            row.bounds = hi_rect { x: 0.0, y: 0.0, width: 300.0, height: 40.0 };
            row.center = hi_point { x: 150.0, y: (20 + (f * 37) % 260) as f64 };
            row.user_value = f as u64 + 1;
            let id = CString::new(format!("New{}", f)).expect("no NUL");
            row.id = id.as_ptr();
            check(hi_world_create_view(w, list, front, &row, &mut rows[f]))?;
            if f >= RECYCLE_AFTER {
                // The engine drops its records of every handle the removal makes stale.
                let stale = world.remove(rows[f - RECYCLE_AFTER])?;
                if stale.first() != Some(&rows[f - RECYCLE_AFTER]) {
                    return Err(fail(format!("frame {}: the removal did not report the removed row first", f)));
                }
                removed += stale.len();
            }
            if f % 7 == 3 {
                check(hi_world_move_view(w, button, list, back))?;
            }
            if f % 7 == 6 {
                check(hi_world_move_view(w, button, window, front))?;
            }
            check(hi_world_set_hidden(w, row0, f % 3 == 0))?;
        }
        let snapshot = world.commit()?;
        // Every commit with edits publishes the next version; the writer knows it without
        // acquiring a snapshot.
        let version = world.version()?;
        if version != f as u64 + 2 || snapshot.version()? != version {
            return Err(fail(format!("frame {}: world version {}, expected {}", f, version, f + 2)));
        }
        // The list's subviews: counted on the writer, copied from the snapshot; the row created in
        // front is the last.
        let subview_count = world.subview_count(list)?;
        let subviews = snapshot.subviews(list)?;
        if subviews.len() != subview_count || subviews.last() != Some(&rows[f]) || snapshot.parent(rows[f])? != list {
            return Err(fail(format!("frame {}: the new row is not the list's front-most subview", f)));
        }
        list_subviews += subview_count;
        for i in 0..10 {
            for j in 0..10 {
                if let Some(hit) = snapshot.hit_test(15.0 + 30.0 * i as f64, 15.0 + 30.0 * j as f64)? {
                    hits += 1;
                    checksum = checksum.wrapping_mul(31).wrapping_add(hit.user_value);
                }
            }
        }
    }

    // Refusals: a recycled row's handle is stale; a cycle is invalid; a handle of another world
    // (the same scene loaded again: the same slot and generation, another tag) is stale; each
    // rejects its transaction.
    unsafe {
        let mut contains = true;
        check(hi_world_contains(w, rows[0], &mut contains))?;
        if contains {
            return Err(Error { status: HI_OK, message: "a removed row's handle still names a view".into() });
        }
        check(hi_world_begin(w))?;
        refused(hi_world_set_hidden(w, rows[0], true), HI_ERROR_STALE, "an edit with a stale handle")?;
        refused(hi_world_scroll(w, list, 0.0, 0.0), HI_ERROR_REJECTED, "an edit after a rejected one")?;
        refused(hi_world_commit(w, ptr::null_mut()), HI_ERROR_REJECTED, "the commit of a rejected transaction")?;
        check(hi_world_begin(w))?;
        refused(hi_world_move_view(w, list, rows[FRAMES - 1], front), HI_ERROR_INVALID, "a cycle")?;
        refused(hi_world_commit(w, ptr::null_mut()), HI_ERROR_REJECTED, "the commit of a rejected transaction")?;
        refused(hi_world_commit(w, ptr::null_mut()), HI_ERROR_TRANSACTION, "a commit without a transaction")?;
        {
            let other = World::load(&args[1])?;
            let other_list = other.view("List")?;
            if other_list.world == list.world {
                return Err(fail("two worlds share a tag".into()));
            }
            let mut contains = true;
            check(hi_world_contains(w, other_list, &mut contains))?;
            if contains {
                return Err(fail("another world's handle names a view of this one".into()));
            }
            let mut other_count = 0usize;
            refused(
                hi_world_subviews(w, other_list, ptr::null_mut(), 0, &mut other_count),
                HI_ERROR_STALE,
                "a read with another world's handle",
            )?;
            check(hi_world_begin(w))?;
            refused(hi_world_scroll(w, other_list, 0.0, 0.0), HI_ERROR_STALE, "an edit with another world's handle")?;
            refused(hi_world_commit(w, ptr::null_mut()), HI_ERROR_REJECTED, "the commit of a rejected transaction")?;
        }
        check(hi_world_check(w))?;
        let mut count = 0usize;
        check(hi_world_view_count(w, &mut count))?;
        eprintln!(
            "frames: {}, views: {}, hits: {}, checksum: {}, removed: {}, list subviews: {}, version: {}",
            FRAMES,
            count,
            hits,
            checksum,
            removed,
            list_subviews,
            world.version()?
        );
        let out = CString::new(args[2].as_str()).expect("a path without NUL");
        check(hi_world_write_scene(w, out.as_ptr()))?;
    }
    let last = world.snapshot()?;
    for arg in &args[3..] {
        let point: Vec<f64> = arg.split(',').filter_map(|s| s.parse().ok()).collect();
        if point.len() != 2 || arg.split(',').count() != 2 {
            return Err(Error { status: HI_ERROR_INVALID, message: format!("expected a point X,Y, got '{}'", arg) });
        }
        match last.hit_test(point[0], point[1])? {
            Some(hit) => println!("{}", last.id(hit.view)?),
            None => println!("nil"),
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 3 {
        eprintln!("usage: {} SCENE OUT [X,Y ...]", args[0]);
        return ExitCode::from(2);
    }
    if unsafe { hi_abi_version() } != HI_ABI_VERSION {
        eprintln!("frame: the library's ABI is not this program's");
        return ExitCode::from(1);
    }
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("frame: {} (status {})", e.message, e.status);
            ExitCode::from(1)
        }
    }
}
