//! The one line that closes a run: how many files and records, how many valid, and the
//! most frequent error codes (as pgn-extract and SGFC close theirs).

use std::collections::HashMap;

use qipu::diag::Severity;
use qipu::Document;

/// Error codes named in the summary, most frequent first.
const CODES_SHOWN: usize = 5;

/// Counts over the whole run.
#[derive(Default)]
pub struct Summary {
    pub files: usize,
    pub unreadable_files: usize,
    pub skipped_files: usize,
    pub records: usize,
    pub valid: usize,
    pub warnings: usize,
    errors: HashMap<&'static str, usize>,
}

impl Summary {
    /// Counts one document; a file streamed in pieces gives several, but counts once
    /// through [`Summary::file`].
    pub fn document(&mut self, document: &Document) {
        if document.read_failed() {
            self.unreadable_files += 1;
            return;
        }
        for report in &document.records {
            self.records += 1;
            if report.valid() {
                self.valid += 1;
            }
            for diagnostic in &report.diagnostics {
                match diagnostic.severity {
                    Severity::Error => *self.errors.entry(diagnostic.code()).or_default() += 1,
                    Severity::Warning => self.warnings += 1,
                    Severity::Note => {}
                }
            }
        }
    }

    pub fn file(&mut self) {
        self.files += 1;
    }

    /// `summary: 3 files, 12 records: 10 valid, 2 invalid; 3 errors (illegal-move 2, ko 1), 1 warning`
    pub fn line(&self) -> String {
        let mut line = format!(
            "summary: {}, {}: {} valid, {} invalid",
            counted(self.files, "file"),
            counted(self.records, "record"),
            self.valid,
            self.records - self.valid
        );
        if self.unreadable_files > 0 {
            line.push_str(&format!(
                ", {} unreadable",
                counted(self.unreadable_files, "file")
            ));
        }
        if self.skipped_files > 0 {
            line.push_str(&format!(
                ", {} skipped",
                counted(self.skipped_files, "file")
            ));
        }
        let total: usize = self.errors.values().sum();
        line.push_str(&format!("; {}", counted(total, "error")));
        if total > 0 {
            let mut codes: Vec<(&str, usize)> = self.errors.iter().map(|(c, n)| (*c, *n)).collect();
            codes.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
            let shown: Vec<String> = codes
                .iter()
                .take(CODES_SHOWN)
                .map(|(code, n)| format!("{code} {n}"))
                .collect();
            let more = if codes.len() > CODES_SHOWN {
                ", …"
            } else {
                ""
            };
            line.push_str(&format!(" ({}{more})", shown.join(", ")));
        }
        line.push_str(&format!(", {}", counted(self.warnings, "warning")));
        line.push('\n');
        line
    }
}

/// `1 file`, `2 files`.
pub fn counted(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}
