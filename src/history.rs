//! Positions seen since the last irreversible move, counted by their Zobrist keys, for
//! the repetition rules of every family. One lookup per move: a long game without
//! captures or pawn moves costs linear time, not a scan of its history at each move.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// `N` Zobrist keys: the SplitMix64 stream that starts from `seed`, computed at compile time
/// so that a position's key is the same in every build and run. Every engine draws its key
/// tables from here, each from its own seed.
pub const fn key_table<const N: usize>(seed: u64) -> [u64; N] {
    let mut keys = [0; N];
    let mut state = seed;
    let mut i = 0;
    while i < N {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        keys[i] = z ^ (z >> 31);
        i += 1;
    }
    keys
}

/// Zobrist keys are already uniformly random, so they serve as their own hash.
#[derive(Default)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(byte);
        }
    }

    fn write_u64(&mut self, key: u64) {
        self.0 = key;
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// How often a position has been seen, and when first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seen {
    /// Times the position has occurred, this time included.
    pub times: u32,
    /// Positions recorded between its first occurrence and this one.
    pub since_first: u32,
}

/// The positions since the last irreversible move. Most such runs are short, and scanning
/// a short one costs less than hashing; a long one is counted in a map, so that a long
/// game without captures still costs one lookup a move.
#[derive(Clone, Debug, Default)]
pub struct PositionCounts {
    /// The positions in order, while there are at most [`SHORT_RUN`]; empty once they are
    /// counted in `seen`.
    recent: Vec<u64>,
    /// One bit for each key of `recent`, chosen by the key's top six bits: most positions
    /// are new, and a clear bit says so without scanning the list.
    filter: u64,
    /// For each key, once the run is long: times seen, and the index of its first
    /// occurrence.
    seen: HashMap<u64, (u32, u32), BuildHasherDefault<KeyHasher>>,
    recorded: u32,
}

/// The most positions kept as a list.
const SHORT_RUN: usize = 32;

impl PositionCounts {
    /// Counts that hold the start position.
    pub fn starting_with(key: u64) -> PositionCounts {
        // Room for the whole short run at once: it is refilled after every capture.
        let mut counts = PositionCounts {
            recent: Vec::with_capacity(SHORT_RUN),
            ..PositionCounts::default()
        };
        counts.record(key);
        counts
    }

    /// Forgets every position: after a capture or a pawn move none can recur.
    pub fn clear(&mut self) {
        self.recent.clear();
        self.filter = 0;
        self.seen.clear();
        self.recorded = 0;
    }

    /// Records the position `key` and says how often it has now been seen.
    #[inline]
    pub fn record(&mut self, key: u64) -> Seen {
        let bit = 1u64 << (key >> 58);
        if self.filter & bit == 0 && self.recent.len() < SHORT_RUN && self.seen.is_empty() {
            self.filter |= bit;
            self.recent.push(key);
            self.recorded += 1;
            return Seen {
                times: 1,
                since_first: 0,
            };
        }
        self.record_seen(key)
    }

    /// [`PositionCounts::record`] where the key may have been seen: the list scanned, or the map.
    #[inline(never)]
    fn record_seen(&mut self, key: u64) -> Seen {
        if self.seen.is_empty() {
            if self.recent.len() < SHORT_RUN {
                let index = self.recent.len();
                let first = self
                    .recent
                    .iter()
                    .position(|&earlier| earlier == key)
                    .unwrap_or(index);
                let before = self.recent[first..]
                    .iter()
                    .filter(|&&earlier| earlier == key)
                    .count();
                self.recent.push(key);
                self.recorded += 1;
                return Seen {
                    times: before as u32 + 1,
                    since_first: (index - first) as u32,
                };
            }
            // The run grows long: its positions are counted in the map from here on.
            let earlier = std::mem::take(&mut self.recent);
            self.recorded = 0;
            for earlier in earlier {
                self.count(earlier);
            }
        }
        self.count(key)
    }

    /// [`PositionCounts::record`] in the map.
    fn count(&mut self, key: u64) -> Seen {
        let index = self.recorded;
        self.recorded += 1;
        let entry = self.seen.entry(key).or_insert((0, index));
        entry.0 += 1;
        Seen {
            times: entry.0,
            since_first: index - entry.1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_tables_are_the_splitmix64_stream() {
        // The first outputs of SplitMix64 seeded with 0, as published with the generator.
        assert_eq!(
            key_table::<2>(0),
            [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4]
        );
        // A longer table continues the stream of a shorter one.
        assert_eq!(key_table::<3>(5)[..2], key_table::<2>(5));
    }

    #[test]
    fn counts_and_distances_follow_the_history() {
        let mut counts = PositionCounts::default();
        assert_eq!(
            counts.record(7),
            Seen {
                times: 1,
                since_first: 0
            }
        );
        assert_eq!(
            counts.record(9),
            Seen {
                times: 1,
                since_first: 0
            }
        );
        assert_eq!(
            counts.record(7),
            Seen {
                times: 2,
                since_first: 2
            }
        );
        assert_eq!(
            counts.record(9),
            Seen {
                times: 2,
                since_first: 2
            }
        );
        assert_eq!(
            counts.record(7),
            Seen {
                times: 3,
                since_first: 4
            }
        );
        counts.clear();
        assert_eq!(
            counts.record(7),
            Seen {
                times: 1,
                since_first: 0
            }
        );
    }

    #[test]
    fn a_long_run_counts_as_a_short_one() {
        // Keys that repeat, past the length kept as a list, compared with the history itself;
        // small keys share their top bits, spread ones mostly do not.
        let small = (0..200u64).map(|i| (i * 7 + i / 5) % 23);
        let spread = small.clone().map(|k| k.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        for keys in [small.collect::<Vec<u64>>(), spread.collect()] {
            a_run_counts_as_its_history(&keys);
        }
    }

    fn a_run_counts_as_its_history(keys: &[u64]) {
        let mut counts = PositionCounts::default();
        for (index, &key) in keys.iter().enumerate() {
            let first = keys.iter().position(|&k| k == key).expect("recorded");
            let times = keys[..=index].iter().filter(|&&k| k == key).count();
            assert_eq!(
                counts.record(key),
                Seen {
                    times: times as u32,
                    since_first: (index - first) as u32
                },
                "at {index}"
            );
        }
    }
}
