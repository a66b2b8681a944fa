//! Memory grows with the size of an SGF tree, not by a board per variation: reading,
//! replaying and writing a tree with 10^5 sibling variations (or 10^4 nested branch
//! points) stays within a small multiple of its text. The peak is counted by this test's
//! own allocator, so the bound holds on any machine and at any speed. A test binary of its
//! own, outside tests/it: that allocator counts every thread of the binary, and no other
//! test may allocate while it measures.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use qipu::write::{write_record, Format, WriteOptions};
use qipu::{read_document, ReadOptions};

/// The system allocator, counting the bytes in use and their peak.
struct Counting;

static IN_USE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let ptr = System.alloc(layout);
        if !ptr.is_null() {
            let now = IN_USE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(now, Ordering::Relaxed);
        }
        ptr
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout);
        IN_USE.fetch_sub(layout.size(), Ordering::Relaxed);
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// One measurement at a time: the counters are shared by the whole test binary.
static MEASURING: Mutex<()> = Mutex::new(());

/// Held by each test for its whole run, so that no other test allocates while it measures.
fn alone() -> std::sync::MutexGuard<'static, ()> {
    MEASURING
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The most bytes `run` had allocated at once beyond what was in use before it.
fn peak_of(run: impl FnOnce()) -> usize {
    let before = IN_USE.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    run();
    PEAK.load(Ordering::Relaxed) - before
}

/// `n` one-move variations under the root, the moves cycling through the 361 points.
fn siblings(n: usize) -> String {
    let letters = b"abcdefghijklmnopqrs";
    let mut sgf = String::from("(;GM[1]FF[4]SZ[19]");
    for i in 0..n {
        let p = i % 361;
        let (x, y) = (letters[p / 19] as char, letters[p % 19] as char);
        sgf.push_str(&format!("(;B[{x}{y}])"));
    }
    sgf.push(')');
    sgf
}

/// `n` nested branch points: at each, a one-move alternative, then the line going on
/// (passes, which never collide) as the second child.
fn nested(n: usize) -> String {
    let mut sgf = String::from("(;GM[1]FF[4]SZ[19]");
    for i in 0..n {
        let color = if i % 2 == 0 { 'B' } else { 'W' };
        sgf.push_str(&format!("(;{color}[aa])(;{color}[]"));
    }
    sgf.push_str(&")".repeat(n));
    sgf.push(')');
    sgf
}

fn options(keep_records: bool) -> ReadOptions {
    ReadOptions {
        keep_records,
        ..ReadOptions::default()
    }
}

/// Peak bytes to validate `sgf`, as `qipu validate` does (records not kept).
fn validate_peak(sgf: &str) -> usize {
    peak_of(|| {
        let document = read_document("t.sgf", sgf.as_bytes(), &options(false));
        assert_eq!(document.records.len(), 1);
        assert!(document.records[0].record.is_none());
    })
}

/// Peak bytes to read `sgf` with its record kept and write it as `format`, as `qipu
/// convert` does; also the length of what was written.
fn convert_peak(sgf: &str, format: Format) -> (usize, usize) {
    let mut written = 0;
    let peak = peak_of(|| {
        let document = read_document("t.sgf", sgf.as_bytes(), &options(true));
        let record = document.records[0].record.as_ref().expect("kept");
        written = write_record(record, "t.sgf", 0, format, &WriteOptions::default())
            .expect("written")
            .len();
    });
    (peak, written)
}

/// Reading 10^5 sibling variations (800 KB) took 1.5 GB when every sibling got its own
/// copy of the board at once.
#[test]
fn sibling_variations_cost_their_text_not_a_board_each() {
    let _alone = alone();
    let sgf = siblings(100_000);
    let validate = validate_peak(&sgf);
    assert!(
        validate < 16 * sgf.len(),
        "validate: {validate} bytes at peak for {} bytes of SGF",
        sgf.len()
    );
    let (to_sgf, written) = convert_peak(&sgf, Format::Sgf);
    // Every variation is written back.
    assert!(written > sgf.len(), "{written} bytes of SGF written");
    let (to_json, _) = convert_peak(&sgf, Format::Json);
    for (format, peak) in [("sgf", to_sgf), ("json", to_json)] {
        assert!(
            peak < 64 * sgf.len(),
            "convert to {format}: {peak} bytes at peak for {} bytes of SGF",
            sgf.len()
        );
    }
}

/// Ten times the siblings cost about ten times the memory: nothing grows faster than the
/// input.
#[test]
fn memory_grows_linearly_with_siblings() {
    let _alone = alone();
    let small = validate_peak(&siblings(20_000));
    let large = validate_peak(&siblings(200_000));
    assert!(
        large < 12 * small,
        "{small} bytes for 2*10^4 siblings, {large} for 2*10^5"
    );
}

/// A deep chain of branch points keeps at most a few positions waiting, however deep.
#[test]
fn nested_variations_cost_their_text() {
    let _alone = alone();
    let sgf = nested(10_000);
    let validate = validate_peak(&sgf);
    // The replay reports a move after the end of the game (two passes) in every
    // alternative: 10^4 diagnostics, each with its message, are most of the peak.
    assert!(
        validate < 128 * sgf.len(),
        "validate: {validate} bytes at peak for {} bytes of SGF",
        sgf.len()
    );
    let (to_sgf, _) = convert_peak(&sgf, Format::Sgf);
    assert!(
        to_sgf < 128 * sgf.len(),
        "convert to sgf: {to_sgf} bytes at peak for {} bytes of SGF",
        sgf.len()
    );
}
