//! Duplicates over a whole run (`--dedup`): a record is a duplicate when an earlier one
//! is the same game, whatever the headers say. What "the same game" means is a
//! [`Likeness`]; each family reduces a record to a 128-bit fingerprint of it as it
//! replays it (in parallel, whether the record is kept or not: [`crate::ReadOptions::dedup`]),
//! and [`Duplicates`] remembers the first record of every fingerprint, in the
//! order the records are handed to it, so the outcome does not depend on the threads.
//!
//! Memory is the map of fingerprints: 24 bytes of key and origin per distinct record
//! plus the map's spare room, and the name of every file once.

use std::collections::HashMap;
use std::hash::Hasher;

use siphasher::sip128::{Hasher128, SipHasher13};

use crate::diag::{Diagnostic, FileIssue, Kind, Severity};
pub use crate::record::Likeness;
use crate::text::Span;
use crate::{Document, RecordReport};

/// The first record of every game met so far, and which later ones repeat it.
#[derive(Debug)]
pub struct Duplicates {
    likeness: Likeness,
    /// Fingerprint → (the first record's file in `sources`, its index there).
    first: HashMap<[u64; 2], (u32, u32)>,
    /// The files of the first records, each once (in the order met).
    sources: Vec<String>,
}

impl Duplicates {
    /// An empty register of games alike by `likeness` (the [`crate::ReadOptions::dedup`]
    /// the records are read with).
    pub fn new(likeness: Likeness) -> Duplicates {
        Duplicates {
            likeness,
            first: HashMap::new(),
            sources: Vec::new(),
        }
    }

    /// Registers the records of `document` (read with [`crate::ReadOptions::dedup`]), in
    /// order: each that repeats an earlier one gets a `duplicate` note naming the first.
    /// Records with no fingerprint (nothing read, or read without `dedup`) are left alone.
    pub fn mark(&mut self, document: &mut Document) {
        document.dedup = true;
        for report in &mut document.records {
            let Some(fingerprint) = report.fingerprint else {
                continue;
            };
            let key = [(fingerprint >> 64) as u64, fingerprint as u64];
            match self.first.get(&key) {
                Some(&(file, index)) => {
                    let issue = FileIssue::Duplicate {
                        source: self.sources[file as usize].clone(),
                        index: index as usize,
                        likeness: self.likeness,
                    };
                    let span = first_line(&document.text, &report.span);
                    report.diagnostics.push(Diagnostic::new(
                        Severity::Note,
                        Kind::File(issue),
                        span,
                    ));
                }
                None => {
                    if self.sources.last() != Some(&document.source) {
                        self.sources.push(document.source.clone());
                    }
                    // Four billion files or records in one file are beyond any archive.
                    let file = u32::try_from(self.sources.len() - 1).unwrap_or(u32::MAX);
                    let index = u32::try_from(report.index).unwrap_or(u32::MAX);
                    self.first.insert(key, (file, index));
                }
            }
        }
    }

    /// How many distinct games have been met.
    pub fn len(&self) -> usize {
        self.first.len()
    }

    /// Whether no game has been met.
    pub fn is_empty(&self) -> bool {
        self.first.is_empty()
    }
}

/// The first line of a record's text, for its `duplicate` note to point at.
fn first_line(text: &str, span: &Span) -> Option<Span> {
    let record = text.get(span.clone())?;
    let start = span.start + (record.len() - record.trim_start().len());
    let line = &text[start..span.end];
    let end = start + line.find(['\n', '\r']).unwrap_or(line.len());
    (end > start).then_some(start..end)
}

/// The first record `report` repeats, as its `duplicate` note names it: file and index.
pub fn duplicate_of(report: &RecordReport) -> Option<(&str, usize)> {
    report.diagnostics.iter().find_map(|d| match &d.kind {
        Kind::File(FileIssue::Duplicate { source, index, .. }) => Some((source.as_str(), *index)),
        _ => None,
    })
}

/// What a family feeds a record's fingerprint with: bytes, numbers and texts, in an
/// order of its own. SipHash-1-3 with 128 bits of output: a false duplicate would keep a
/// game out of a conversion, so 64 bits are not enough for archives of millions.
#[derive(Clone, Debug, Default)]
pub(crate) struct Fingerprint(SipHasher13);

impl Fingerprint {
    pub(crate) fn new() -> Fingerprint {
        Fingerprint::default()
    }

    /// A text, with its length, so that no two runs of texts read alike.
    pub(crate) fn text(&mut self, text: &str) {
        self.0.write_usize(text.len());
        self.0.write(text.as_bytes());
    }

    pub(crate) fn finish(&self) -> u128 {
        self.0.finish128().as_u128()
    }
}

impl Hasher for Fingerprint {
    fn write(&mut self, bytes: &[u8]) {
        self.0.write(bytes);
    }

    fn finish(&self) -> u64 {
        self.0.finish()
    }
}
