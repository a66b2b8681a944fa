//! Sharding: the inputs of one run shared out among `N` workers with no pre-split, each
//! reading only its part ([`Shard`], `K` of `N`). A file is cut into `N` byte ranges, and
//! shard `K` holds the records whose start falls in the `K`-th, the ranges moved to record
//! boundaries that each worker finds on its own ([`crate::DocumentStream::shard`]); the
//! files of a folder are shared out whole, by a stable hash of their path
//! ([`Shard::holds_path`]). Every record is in exactly one shard.
//!
//! A shard of a file is read as the part of the file it is: its records are numbered from
//! 0 and its lines from 1 where its first record starts ([`ShardPlace::offset`]); the
//! encoding, the family and the charset declared are those of the whole file, read from
//! its first bytes.

use std::fmt;
use std::ops::Range;
use std::str::FromStr;

/// Shard `K` of `N` (`0 <= K < N`), written `K/N`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shard {
    index: u32,
    count: u32,
}

/// Why a shard cannot be made: not `K/N`, `N` zero, or `K` not below `N`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShardError {
    /// The text is not two numbers `K/N`.
    Malformed(String),
    /// `N` is zero.
    NoShards,
    /// `K` is `N` or more (shards count from 0).
    PastTheLast {
        /// `K`.
        index: u32,
        /// `N`.
        count: u32,
    },
}

impl fmt::Display for ShardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShardError::Malformed(text) => {
                write!(f, "{text} is not a shard: K/N, two numbers, 0 <= K < N")
            }
            ShardError::NoShards => f.write_str("a run cannot be shared out among 0 shards"),
            ShardError::PastTheLast { index, count } => write!(
                f,
                "there is no shard {index} of {count}: shards count from 0 to {}",
                count - 1
            ),
        }
    }
}

impl std::error::Error for ShardError {}

impl crate::lang::ToZh for ShardError {
    fn to_zh(&self) -> crate::lang::Zh {
        use crate::lang::zh;
        match self {
            ShardError::Malformed(text) => {
                zh!("{} 不是分片：应为 K/N 两个数，0 <= K < N", text)
            }
            ShardError::NoShards => zh!("不能分成 0 个分片"),
            ShardError::PastTheLast { index, count } => zh!(
                "没有第 {} 个分片（共 {} 个）：分片从 0 数到 {}",
                index,
                count,
                count - 1
            ),
        }
    }
}

impl Shard {
    /// Shard `index` of `count`.
    pub fn new(index: u32, count: u32) -> Result<Shard, ShardError> {
        if count == 0 {
            return Err(ShardError::NoShards);
        }
        if index >= count {
            return Err(ShardError::PastTheLast { index, count });
        }
        Ok(Shard { index, count })
    }

    /// `K`, counted from 0.
    pub fn index(self) -> u32 {
        self.index
    }

    /// `N`.
    pub fn count(self) -> u32 {
        self.count
    }

    /// Whether the file at `path` (below the folder walked, `/` between names) belongs
    /// to this shard: by the 64-bit FNV-1a hash of the path's bytes, which is the same
    /// on every machine and in every version, so that workers that see the folder
    /// mounted at different places share it out alike.
    pub fn holds_path(self, path: &str) -> bool {
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        for byte in path.bytes() {
            let byte = if byte == b'\\' { b'/' } else { byte };
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
        hash % u64::from(self.count) == u64::from(self.index)
    }

    /// The shard's byte range of a file of `len` bytes, before it is moved to record
    /// boundaries: from `len * K / N` to `len * (K + 1) / N`.
    pub fn byte_range(self, len: u64) -> Range<u64> {
        let at = |k: u32| (u128::from(len) * u128::from(k) / u128::from(self.count)) as u64;
        at(self.index)..at(self.index + 1)
    }
}

impl FromStr for Shard {
    type Err = ShardError;

    /// `K/N`, as `--shard` takes it.
    fn from_str(text: &str) -> Result<Shard, ShardError> {
        let malformed = || ShardError::Malformed(text.to_string());
        let (index, count) = text.split_once('/').ok_or_else(malformed)?;
        let number = |n: &str| n.trim().parse::<u32>().map_err(|_| malformed());
        Shard::new(number(index)?, number(count)?)
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// Where a shard of a file lies: its records are those that start from `offset` up to
/// `end`; lines and record indices count from `offset`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShardPlace {
    /// The shard.
    pub shard: Shard,
    /// The byte of the file where the shard's first record starts (0 for the first
    /// shard).
    pub offset: u64,
    /// The byte where the next shard starts (the file's length for the last).
    pub end: u64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_are_parsed_and_checked() {
        assert_eq!("3/8".parse::<Shard>(), Shard::new(3, 8));
        assert_eq!(
            "8/8".parse::<Shard>(),
            Err(ShardError::PastTheLast { index: 8, count: 8 })
        );
        assert_eq!("0/0".parse::<Shard>(), Err(ShardError::NoShards));
        assert!(matches!(
            "3".parse::<Shard>(),
            Err(ShardError::Malformed(_))
        ));
        assert!(matches!(
            "-1/4".parse::<Shard>(),
            Err(ShardError::Malformed(_))
        ));
        assert_eq!(Shard::new(3, 8).unwrap().to_string(), "3/8");
    }

    #[test]
    fn byte_ranges_tile_the_file() {
        for len in [0u64, 1, 7, 1000, u64::MAX] {
            for count in [1u32, 2, 3, 7] {
                let mut next = 0;
                for index in 0..count {
                    let range = Shard::new(index, count).unwrap().byte_range(len);
                    assert_eq!(range.start, next);
                    next = range.end;
                }
                assert_eq!(next, len);
            }
        }
    }

    #[test]
    fn every_path_is_in_exactly_one_shard() {
        for path in ["a.sgf", "games/2024/b.sgf", "games\\2024\\b.sgf", ""] {
            let holding: Vec<u32> = (0..5)
                .filter(|&k| Shard::new(k, 5).unwrap().holds_path(path))
                .collect();
            assert_eq!(holding.len(), 1, "{path}");
        }
        // Stable: the same hash in every build. FNV-1a of "a.sgf" is 0x9b620bb56801503a
        // (computed apart, in Python), 18 modulo 1000.
        let shard = (0..1000)
            .find(|&k| Shard::new(k, 1000).unwrap().holds_path("a.sgf"))
            .unwrap();
        assert_eq!(shard, 18);
    }
}
