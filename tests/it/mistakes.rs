//! Issue 19's benchmark on a small set (15 sheets of each kind and family): the code of
//! `examples/mistakes.rs`, which prints the full tables (docs/mistakes.md).
//!
//! The floors and ceilings below are what holds TODAY on main (measured with this seed),
//! not the goals (help names the move meant in ≥ 95 % of sheets and ≥ 90 % of
//! each kind, the game given back in ≥ 90 %, ≤ 1 % of repairs wrong): the lead raises
//! them to the goals as the new Shatar, draughts and Go repair engines land. Only the
//! clean-sheet assertion is the goal already: a sheet with no mistake is never changed.

use crate::support::rng;

#[path = "support/mistakes.rs"]
mod bench;

use bench::{Family, Score};

const PER_KIND: usize = 15;

/// `n` of `of` as a percentage.
fn percent(n: usize, of: usize) -> f64 {
    100.0 * n as f64 / of.max(1) as f64
}

/// Today's figures for a family's mistakes together: help names the move meant (%),
/// game given back (%), wrong repairs at most (%).
fn today(family: Family) -> (f64, f64, f64) {
    match family {
        // Measured: 49 %, 52 %, 37 % (29 of 79 repairs).
        Family::Shatar => (45.0, 50.0, 40.0),
        // Measured: 52 %, 53 %, 17 % (13 of 75).
        Family::Draughts => (50.0, 50.0, 20.0),
        // Measured: 0 %, 31 %, 0 % (0 of 14).
        Family::Go => (0.0, 30.0, 5.0),
    }
}

#[test]
fn each_kind_of_mistake_is_measured_and_clean_sheets_never_change() {
    for family in Family::ALL {
        let scores = bench::measure(family, PER_KIND, bench::SEED);
        let table = bench::table(family, &scores);
        println!("{table}");
        let (clean, mistakes) = scores.split_last().expect("kinds and the clean sheets");
        assert_eq!(mistakes.len(), family.kinds().len());

        // The goal already: a sheet with no mistake reads valid and unchanged, with repair
        // or without.
        assert_eq!(clean.sheets, PER_KIND);
        assert_eq!(
            (clean.named, clean.given_back, clean.repairs),
            (PER_KIND, PER_KIND, 0),
            "{table}"
        );

        // Every kind found its sheets: the benchmark measures what it says.
        for score in mistakes {
            assert_eq!(score.sheets, PER_KIND, "{}: {table}", score.kind);
        }
        // Marks alone wrong read valid, as the game played, today.
        for score in mistakes.iter().filter(|s| s.kind.ends_with('¹')) {
            assert_eq!(score.named, score.sheets, "{}: {table}", score.kind);
            assert_eq!(score.given_back, score.sheets, "{}: {table}", score.kind);
        }

        let sum = |field: fn(&Score) -> usize| mistakes.iter().map(field).sum::<usize>();
        let sheets = sum(|s| s.sheets);
        let (named, given_back, wrong) = today(family);
        let measured = (
            percent(sum(|s| s.named), sheets),
            percent(sum(|s| s.given_back), sheets),
            percent(sum(|s| s.wrong_repairs), sum(|s| s.repairs)),
        );
        assert!(measured.0 >= named, "{family:?} help {measured:?}: {table}");
        assert!(
            measured.1 >= given_back,
            "{family:?} given back {measured:?}: {table}"
        );
        assert!(
            measured.2 <= wrong,
            "{family:?} wrong repairs {measured:?}: {table}"
        );
    }
}
