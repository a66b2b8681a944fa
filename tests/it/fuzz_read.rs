//! Untrusted input through the whole pipeline (decode, detect, parse, replay): random
//! bytes and every truncation of every sample must not panic, whatever family the bytes
//! are read as (that deep nesting costs linear work is counted in tests/linear_work.rs).

use qipu::{read_document, Game, ReadOptions};

use crate::support::rng::Rng;

const GAMES: [Option<Game>; 4] = [
    None,
    Some(Game::Shatar),
    Some(Game::Draughts),
    Some(Game::Go),
];

fn read_as_every_game(name: &str, bytes: &[u8]) {
    for game in GAMES {
        for keep_records in [false, true] {
            let options = ReadOptions {
                game,
                keep_records,
                ..ReadOptions::default()
            };
            let document = read_document(name, bytes, &options);
            assert!(!document.records.is_empty());
            for report in &document.records {
                for diagnostic in &report.diagnostics {
                    if let Some(span) = &diagnostic.span {
                        assert!(
                            span.start <= span.end && span.end <= document.text.len(),
                            "{name}: span {span:?}"
                        );
                        assert!(
                            document.text.is_char_boundary(span.start),
                            "{name}: span {span:?}"
                        );
                    }
                }
            }
        }
    }
}

fn sample_files() -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    for dir in ["samples/shatar", "samples/draughts", "samples/go"] {
        if let Ok(entries) = std::fs::read_dir(dir) {
            files.extend(entries.map(|e| e.unwrap().path()));
        }
    }
    files.sort();
    files
}

#[test]
fn random_bytes() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let alphabet: Vec<u8> =
        "()[];:-x—：马虎e2e4d7d5Nf3BW+#?!{}%$1/2 \n\t0123456789abcdefgh白方蓝方"
            .bytes()
            .collect();
    for round in 0..300 {
        let len = (rng.next() % 400) as usize;
        let bytes: Vec<u8> = (0..len)
            .map(|_| {
                if round % 2 == 0 {
                    rng.next() as u8
                } else {
                    alphabet[(rng.next() % alphabet.len() as u64) as usize]
                }
            })
            .collect();
        read_as_every_game(&format!("random-{round}"), &bytes);
    }
}

#[test]
fn truncated_samples() {
    for path in sample_files() {
        let bytes = std::fs::read(&path).unwrap();
        let step = (bytes.len() / 60).max(1);
        for cut in (0..bytes.len()).step_by(step) {
            read_as_every_game(&format!("{}[..{cut}]", path.display()), &bytes[..cut]);
        }
    }
}
