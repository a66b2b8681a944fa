//! Positions seen since the last irreversible move, counted by their Zobrist keys, for
//! the repetition rules of every family. One lookup per move: a long game without
//! captures or pawn moves costs linear time, not a scan of its history at each move.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// Zobrist keys are already uniformly random, so they serve as their own hash (here
/// and in Go's superko history).
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

/// The positions since the last irreversible move.
#[derive(Clone, Debug, Default)]
pub struct PositionCounts {
    /// For each key: times seen, and the index of its first occurrence.
    seen: HashMap<u64, (u32, u32), BuildHasherDefault<KeyHasher>>,
    recorded: u32,
}

impl PositionCounts {
    /// Counts that hold the start position.
    pub fn starting_with(key: u64) -> PositionCounts {
        let mut counts = PositionCounts::default();
        counts.record(key);
        counts
    }

    /// Forgets every position: after a capture or a pawn move none can recur.
    pub fn clear(&mut self) {
        self.seen.clear();
        self.recorded = 0;
    }

    /// Records the position `key` and says how often it has now been seen.
    pub fn record(&mut self, key: u64) -> Seen {
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
}
