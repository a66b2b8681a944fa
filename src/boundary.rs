//! Where a file is cut for a shard ([`crate::shard`]): the first record boundary at or
//! after a byte, found from the bytes around it alone, without reading the file from
//! its start.

use std::io::{self, Read, Seek, SeekFrom};

use encoding_rs::{Encoding, UTF_16BE, UTF_16LE};

use crate::family::{RecordCut, OPENS_AT_LOOKBACK};

/// Bytes of context decoded before a candidate boundary: enough for
/// [`OPENS_AT_LOOKBACK`] bytes of text in any encoding, and for a character cut at the
/// start of the context.
const CONTEXT: usize = 8 * OPENS_AT_LOOKBACK;

/// Bytes read at a time while looking for a boundary.
const WINDOW: usize = 64 << 10;

/// How the bytes of a file are looked at for boundaries, in its encoding.
#[derive(Clone, Copy)]
pub(crate) struct Cutting {
    /// The encoding of the file (chosen from its first bytes).
    pub(crate) encoding: &'static Encoding,
    /// Bytes of the byte-order mark, which no record starts in.
    pub(crate) bom_len: u64,
}

impl Cutting {
    /// Bytes of one code unit, and whether a unit of `bytes` at `at` is the ASCII
    /// character `c`; `None` for an encoding in which the units cannot be told without
    /// reading from the start (ISO-2022-JP switches its character sets with escapes).
    fn units(self) -> Option<usize> {
        if self.encoding == UTF_16LE || self.encoding == UTF_16BE {
            Some(2)
        } else if self.encoding.is_ascii_compatible() {
            Some(1)
        } else {
            None
        }
    }

    /// The ASCII character (below `0x30`) of the unit at `at`, if it is one: in an
    /// ASCII-compatible encoding such a byte is never part of another character (the
    /// trail bytes of GBK, GB18030, Big5, Shift_JIS and EUC-KR are `0x30` or above).
    fn low_ascii(self, bytes: &[u8], at: usize) -> Option<u8> {
        let (byte, zero) = match self.units()? {
            1 => (*bytes.get(at)?, 0),
            _ if self.encoding == UTF_16LE => (*bytes.get(at)?, *bytes.get(at + 1)?),
            _ => (*bytes.get(at + 1)?, *bytes.get(at)?),
        };
        (zero == 0 && byte < 0x30).then_some(byte)
    }

    fn decode(self, bytes: &[u8]) -> String {
        self.encoding
            .decode_without_bom_handling(bytes)
            .0
            .into_owned()
    }
}

/// The first record boundary of the file at or after byte `at`: a byte that follows a
/// line end or holds a `(`, where the family's cutter says a record opens
/// ([`RecordCut::opens_at`]), judged from the bytes around it alone, so that the answer
/// does not depend on where the search started and the boundaries of consecutive
/// shards meet. `len` (the end of the file) when there is none, none within `limit`
/// bytes, or the encoding cannot be cut mid-file; 0 when `at` is within the byte-order
/// mark.
pub(crate) fn boundary_at_or_after(
    reader: &mut (impl Read + Seek),
    at: u64,
    len: u64,
    cutting: Cutting,
    cutter: &dyn RecordCut,
    limit: usize,
) -> io::Result<u64> {
    if at <= cutting.bom_len {
        return Ok(0);
    }
    let Some(unit) = cutting.units() else {
        return Ok(len);
    };
    // Candidates on unit boundaries, counted from the end of the byte-order mark.
    let misaligned = (at - cutting.bom_len) % unit as u64;
    let mut from = if misaligned == 0 {
        at
    } else {
        at + (unit as u64 - misaligned)
    };
    let mut window = Vec::new();
    while from < len {
        let end = (from + WINDOW as u64).min(len);
        read_at(reader, from, end, &mut window)?;
        let complete = end == len;
        let mut offset = 0;
        while offset < window.len() {
            // The record starts at a `(`, or right after a line end.
            let candidate = match cutting.low_ascii(&window, offset) {
                Some(b'(') => Some(offset),
                Some(b'\n' | b'\r') => Some(offset + unit),
                _ => None,
            };
            offset += unit;
            let Some(candidate) = candidate.map(|c| from + c as u64) else {
                continue;
            };
            if record_opens_at(reader, candidate, len, cutting, cutter)? {
                return Ok(candidate);
            }
        }
        if !complete && end - at > limit as u64 {
            return Ok(len);
        }
        from = end;
        if complete {
            break;
        }
    }
    Ok(len)
}

/// Whether a record opens at byte `at`, told from [`CONTEXT`] bytes before it and the
/// bytes after it, decoded; more are read while the cutter cannot tell. The end of the
/// file answers what is still open.
fn record_opens_at(
    reader: &mut (impl Read + Seek),
    at: u64,
    len: u64,
    cutting: Cutting,
    cutter: &dyn RecordCut,
) -> io::Result<bool> {
    let start = at.saturating_sub(CONTEXT as u64).max(cutting.bom_len);
    let mut bytes = Vec::new();
    read_at(reader, start, at, &mut bytes)?;
    let before = cutting.decode(&bytes);
    let mut ahead = 256u64;
    loop {
        let end = (at + ahead).min(len);
        read_at(reader, at, end, &mut bytes)?;
        let mut text = before.clone();
        text.push_str(&cutting.decode(&bytes));
        match cutter.opens_at(&text, before.len()) {
            None if end < len && ahead < WINDOW as u64 => ahead *= 4,
            told => return Ok(told == Some(true)),
        }
    }
}

/// Reads bytes `start..end` of the file into `buffer` (fewer if it ends first).
fn read_at(
    reader: &mut (impl Read + Seek),
    start: u64,
    end: u64,
    buffer: &mut Vec<u8>,
) -> io::Result<()> {
    buffer.clear();
    reader.seek(SeekFrom::Start(start))?;
    reader
        .by_ref()
        .take(end.saturating_sub(start))
        .read_to_end(buffer)?;
    Ok(())
}
