//! Work grows linearly with the input on the shapes that once took quadratic time: deep
//! nesting in every family, a million-node SGF main line, huge escaped values, long games,
//! pathological PDN. Work is counted, not timed: this binary's own allocator counts every
//! allocation and every byte asked for while a read (and a write) runs, so the bound holds
//! on a busy machine and in a debug build alike. Wall-clock growth of the same paths is a
//! benchmark (`bench/linear.sh`). A test binary of its own, outside tests/it: the counters
//! are the whole process's, and no other test may allocate while one measures.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use qipu::{read_document, write_record, Format, Game, ReadOptions, WriteOptions};

/// The system allocator, counting calls and bytes asked for (a reallocation counts as
/// one call and its new size).
struct Counting;

static CALLS: AtomicU64 = AtomicU64::new(0);
static BYTES: AtomicU64 = AtomicU64::new(0);

fn count(size: usize) {
    CALLS.fetch_add(1, Ordering::Relaxed);
    BYTES.fetch_add(size as u64, Ordering::Relaxed);
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count(layout.size());
        System.alloc(layout)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count(new_size);
        System.realloc(ptr, layout, new_size)
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// One measurement at a time: the counters are shared by the whole test binary.
static MEASURING: Mutex<()> = Mutex::new(());

/// Allocation calls and bytes of one run of `run`.
#[derive(Clone, Copy, Debug)]
struct Work {
    calls: u64,
    bytes: u64,
}

/// Held by each test for its whole run, so that no other test allocates while it measures.
fn alone() -> std::sync::MutexGuard<'static, ()> {
    MEASURING
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn work_of(run: impl FnOnce()) -> Work {
    let (calls, bytes) = (CALLS.load(Ordering::Relaxed), BYTES.load(Ordering::Relaxed));
    run();
    Work {
        calls: CALLS.load(Ordering::Relaxed) - calls,
        bytes: BYTES.load(Ordering::Relaxed) - bytes,
    }
}

/// Reads `text` as `game`, keeping the records, and writes each one back in `format`
/// when given: the whole pipeline a conversion runs.
fn pipeline(text: &str, game: Game, format: Option<Format>) -> impl FnOnce() + '_ {
    move || {
        let options = ReadOptions {
            game: Some(game),
            keep_records: true,
            ..ReadOptions::default()
        };
        let document = read_document("input", text.as_bytes(), &options);
        assert!(!document.records.is_empty());
        for report in &document.records {
            if let (Some(record), Some(format)) = (&report.record, format) {
                let _ = write_record(
                    record,
                    "input",
                    report.index,
                    format,
                    &WriteOptions::default(),
                );
            }
        }
    }
}

/// `times` the input may cost at most `times` × 1.5 the allocations and `times` × 3 the
/// bytes (a buffer that doubles may have just doubled once more), so quadratic growth
/// (`times`² the work) fails whatever the fixed costs.
fn assert_linear(case: &str, times: u64, small: Work, large: Work) {
    assert!(
        large.calls <= (small.calls * times * 3).div_ceil(2) + 64,
        "{case}: {} allocations at 1×, {} at {times}×",
        small.calls,
        large.calls
    );
    assert!(
        large.bytes <= small.bytes * times * 3 + (64 << 10),
        "{case}: {} bytes allocated at 1×, {} at {times}×",
        small.bytes,
        large.bytes
    );
}

/// `unit` repeated `n` and `n × times` times, read (and written) as `game`.
fn check(case: &str, game: Game, format: Option<Format>, unit: &str, n: usize, times: usize) {
    let small = unit.repeat(n);
    let large = unit.repeat(n * times);
    let small_work = work_of(pipeline(&small, game, format));
    let large_work = work_of(pipeline(&large, game, format));
    assert_linear(case, times as u64, small_work, large_work);
}

#[test]
fn deep_nesting_reads_in_linear_work_in_every_family() {
    let _alone = alone();
    for game in [Game::Shatar, Game::Draughts, Game::Go] {
        for unit in [
            "(",
            "(;",
            "{",
            "1. e4 (",
            "[",
            "(;B[aa]",
            "（",
            "(1)e4 (e5 ",
        ] {
            let case = format!("{game:?} {unit:?}");
            check(&case, game, None, unit, 10_000, 10);
        }
    }
}

#[test]
fn a_million_node_sgf_main_line_reads_and_writes_in_linear_work() {
    let _alone = alone();
    let main_line = |n: usize| {
        let mut text = String::from("(;GM[1]SZ[19]");
        for i in 0..n {
            text.push_str(if i % 2 == 0 { ";B[" } else { ";W[" });
            text.push(char::from(b'a' + (i % 19) as u8));
            text.push(char::from(b'a' + (i / 19 % 19) as u8));
            text.push(']');
        }
        text.push(')');
        text
    };
    let (small, large) = (main_line(100_000), main_line(1_000_000));
    let small_work = work_of(pipeline(&small, Game::Go, Some(Format::Sgf)));
    let large_work = work_of(pipeline(&large, Game::Go, Some(Format::Sgf)));
    assert_linear("main line", 10, small_work, large_work);
}

#[test]
fn huge_sgf_values_and_escapes_read_and_write_in_linear_work() {
    let _alone = alone();
    for unit in ["\\]", "x", "\\\n", "é"] {
        let value = |n: usize| format!("(;GM[1]C[{}])", unit.repeat(n));
        let (small, large) = (value(200_000), value(2_000_000));
        let small_work = work_of(pipeline(&small, Game::Go, Some(Format::Sgf)));
        let large_work = work_of(pipeline(&large, Game::Go, Some(Format::Sgf)));
        assert_linear(&format!("value of {unit:?}"), 10, small_work, large_work);
    }
    let unterminated = format!("(;C[{}", "x".repeat(2_000_000));
    let document = read_document(
        "unterminated.sgf",
        unterminated.as_bytes(),
        &ReadOptions::default(),
    );
    assert_eq!(document.records.len(), 1);
}

#[test]
fn long_shatar_games_read_and_write_in_linear_work() {
    let _alone = alone();
    for unit in [
        "(1)e2—e4,e7—e5; Nf3:e5Bg4:d1? {c} ",
        "1. e4 e5 (1... d5 $2 {x}) ",
    ] {
        check(unit, Game::Shatar, Some(Format::Pgn), unit, 2_000, 10);
    }
}

#[test]
fn pathological_pdn_reads_and_writes_in_linear_work() {
    let _alone = alone();
    let unit = "[Event \"E\"]\n1. c3-d4 {a} f6-g5 (1... f6-e5) 2. b2-c3 @@ g5-h4 {{x}} $ ( 2-0\n";
    for pathological in [unit, "(", "{", "% x\n", "[", "a", "1."] {
        check(
            pathological,
            Game::Draughts,
            Some(Format::Pdn),
            pathological,
            2_000,
            10,
        );
    }
}
