//! Issue 19's benchmark: mistakes of each kind in sheets of engine-played games, and
//! what qipu makes of them (docs/mistakes.md).
//!
//! `cargo run --release --example mistakes -- [--per-kind N] [--seed S]
//! [--family shatar|draughts|go|all]` prints a Markdown table per family: for each kind of
//! mistake, how often the help at the mistake names the move meant, how often
//! `--repair` gives back the game as played, and how many repairs replay a move that
//! was not played; then the same for sheets with no mistake.

#[path = "../tests/it/support/rng.rs"]
mod rng;

#[path = "../tests/it/support/mistakes.rs"]
mod mistakes;

use mistakes::Family;

fn usage() -> ! {
    eprintln!("usage: mistakes [--per-kind N] [--seed S] [--family shatar|draughts|go|all]");
    std::process::exit(2);
}

fn main() {
    let mut per_kind = 100;
    let mut seed = mistakes::SEED;
    let mut families = Family::ALL.to_vec();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let value = args.next().unwrap_or_else(|| usage());
        match arg.as_str() {
            "--per-kind" => per_kind = value.parse().unwrap_or_else(|_| usage()),
            "--seed" => seed = value.parse().unwrap_or_else(|_| usage()),
            "--family" => {
                families = match value.as_str() {
                    "all" => Family::ALL.to_vec(),
                    name => match Family::ALL.into_iter().find(|f| f.name() == name) {
                        Some(family) => vec![family],
                        None => usage(),
                    },
                }
            }
            _ => usage(),
        }
    }
    for family in families {
        let scores = mistakes::measure(family, per_kind, seed);
        println!("{}", mistakes::table(family, &scores));
    }
}
