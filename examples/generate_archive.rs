//! Generates large archives of random legal games for the benchmarks in `bench/run.sh`.
//!
//! `cargo run --release --example generate_archive -- shatar COUNT DIR` writes
//! `DIR/shatar.pgn` and `DIR/shatar.txt` (rulebook full notation), one game per record.

use std::io::Write;

use qipu::record::{Game, Node, Record};
use qipu::shatar::position::Position;
use qipu::shatar::ShatarMove;
use qipu::write::WriteOptions;

/// xorshift64*: a small deterministic generator, so archives are reproducible.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn shatar_game(rng: &mut Rng, index: usize) -> Record<ShatarMove> {
    let mut record = Record::new(Game::Shatar);
    record.tags.set("Event", "Generated archive");
    record.tags.set("Site", "qipu");
    record.tags.set("Date", "2026.11.30");
    record.tags.set("Round", (index + 1).to_string());
    record.tags.set("White", format!("Player {}", 2 * index + 1));
    record.tags.set("Black", format!("Player {}", 2 * index + 2));
    let mut position = Position::new();
    let length = 40 + rng.below(120);
    for ply in 1..=length as u32 {
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len())];
        let san = position.san(mv);
        position.play(mv);
        let node = Node::new(
            ShatarMove {
                mv,
                san: san.clone(),
                check: position.is_check(),
                mate: position.is_checkmate(),
            },
            ply,
            san,
            0..0,
        );
        record.moves.push(node);
    }
    let result = if position.is_checkmate() {
        if position.turn() == qipu::shatar::types::Color::White {
            "0-1"
        } else {
            "1-0"
        }
    } else if position.is_stalemate() {
        "1/2-1/2"
    } else {
        "*"
    };
    record.result = Some(result.to_string());
    record
}

fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [family, count, dir] = args.as_slice() else {
        eprintln!("usage: generate_archive shatar COUNT DIR");
        std::process::exit(2);
    };
    let count: usize = count.parse().expect("COUNT must be a number");
    std::fs::create_dir_all(dir)?;
    let mut rng = Rng(0x5EED_0F_9195);
    match family.as_str() {
        "shatar" => {
            let mut pgn = std::io::BufWriter::new(std::fs::File::create(format!("{dir}/shatar.pgn"))?);
            let mut text = std::io::BufWriter::new(std::fs::File::create(format!("{dir}/shatar.txt"))?);
            for index in 0..count {
                let record = shatar_game(&mut rng, index);
                if index > 0 {
                    pgn.write_all(b"\n")?;
                    text.write_all(b"\n")?;
                }
                pgn.write_all(qipu::shatar::write_pgn(&record).as_bytes())?;
                text.write_all(qipu::shatar::write_text(&record, &WriteOptions::default()).as_bytes())?;
            }
        }
        other => {
            eprintln!("unknown family {other}");
            std::process::exit(2);
        }
    }
    Ok(())
}
