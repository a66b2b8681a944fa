//! Perft to depth 8 from the starting position for both rule sets, checked against the
//! published node counts; prints nodes, time and speed. Run with `cargo bench --bench
//! draughts_perft`.

use std::process::ExitCode;
use std::time::Instant;

use qipu::draughts::{Position, Variant};

const EXPECTED: [(Variant, u64); 2] = [(Variant::Russian, 929_899), (Variant::Brazilian, 907_830)];

fn main() -> ExitCode {
    let depth = 8;
    let mut ok = true;
    for (variant, expected) in EXPECTED {
        let start = Instant::now();
        let nodes = Position::initial().perft(variant, depth);
        let elapsed = start.elapsed();
        let status = if nodes == expected { "ok" } else { "MISMATCH" };
        println!(
            "{variant:?} perft({depth}) = {nodes} (expected {expected}, {status}) in {:.3} s, {:.1} Mnodes/s",
            elapsed.as_secs_f64(),
            nodes as f64 / elapsed.as_secs_f64() / 1e6
        );
        ok &= nodes == expected;
    }
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
