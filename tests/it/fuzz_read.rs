//! Untrusted input through the whole pipeline (decode, detect, parse, replay): random
//! bytes, every truncation of every sample, and deep nesting must neither panic nor
//! take more than roughly linear time, whatever family the bytes are read as.

use std::time::{Duration, Instant};

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

/// The best of seven reads, so that a busy machine (five builds on two cores) does not
/// make a slow outlier.
fn time_read(bytes: &[u8], game: Game) -> Duration {
    let options = ReadOptions {
        game: Some(game),
        keep_records: true,
        ..ReadOptions::default()
    };
    (0..7)
        .map(|_| {
            let start = Instant::now();
            let document = read_document("nested", bytes, &options);
            assert!(!document.records.is_empty());
            start.elapsed()
        })
        .min()
        .unwrap_or_default()
}

/// Ten times the input must not cost much more than ten times the time.
#[test]
fn deep_nesting_is_linear() {
    for game in [Game::Shatar, Game::Draughts, Game::Go] {
        for unit in ["(", "(;", "{", "1. e4 (", "[", "(;B[aa]"] {
            let small = unit.repeat(10_000);
            let large = unit.repeat(100_000);
            // The floor keeps a small read that is mostly fixed cost from setting the bar
            // (10k of draughts `(;` takes about 2 ms, 100k about 60–85 ms on a busy
            // machine, from a growing working set); quadratic growth would still cost
            // 100 times as much and fail.
            let t_small = time_read(small.as_bytes(), game).max(Duration::from_millis(3));
            let t_large = time_read(large.as_bytes(), game);
            assert!(
                t_large < t_small * 40,
                "{game:?} {unit:?}: {t_small:?} for 10k, {t_large:?} for 100k"
            );
        }
    }
}
