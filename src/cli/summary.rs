//! The one line that closes a run: how many files and records, how many valid, and the
//! most frequent error codes (as pgn-extract and SGFC close theirs).

use std::collections::HashMap;

use qipu::diag::Severity;
use qipu::lang::{Lang, Zh};
use qipu::select::Selection;
use qipu::{zh, Document};

/// Error codes named in the summary, most frequent first.
const CODES_SHOWN: usize = 5;

/// What `--where` selected over the whole run: records read, and those that matched.
#[derive(Clone, Copy, Default)]
pub struct Selected {
    pub read: usize,
    pub matched: usize,
}

impl Selected {
    /// Keeps the records of `document` that `selection` selects. A document that holds
    /// no record (an unreadable file, one with no record in it) is kept whole: what it
    /// reports is about the file.
    pub fn select(&mut self, document: &mut Document, selection: &Selection) {
        if document.read_failed() || !document.records.iter().any(|r| r.holds_record()) {
            return;
        }
        self.read += document.records.len();
        let mut records = std::mem::take(&mut document.records);
        records.retain(|report| selection.selects(document, report));
        self.matched += records.len();
        document.records = records;
    }

    /// `, 40 read, 12 matched` after the record count of a summary line.
    pub fn words(&self, lang: Lang) -> String {
        lang.say(
            || format!(" ({} read, {} matched --where)", self.read, self.matched),
            || zh!("（读取 {} 份，{} 份符合 --where）", self.read, self.matched),
        )
    }
}

/// Counts over the whole run.
#[derive(Default)]
pub struct Summary {
    /// What `--where` and `--dedup` counted, as the line says it after the records.
    pub sieve: String,
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

    /// The most frequent error codes, `illegal-move 2, ko 1, …`, and how many errors in all.
    fn top_codes(&self, separator: &str) -> (usize, String) {
        let total: usize = self.errors.values().sum();
        let mut codes: Vec<(&str, usize)> = self.errors.iter().map(|(c, n)| (*c, *n)).collect();
        codes.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        let shown: Vec<String> = codes
            .iter()
            .take(CODES_SHOWN)
            .map(|(code, n)| format!("{code} {n}"))
            .collect();
        let more = if codes.len() > CODES_SHOWN {
            format!("{separator}…")
        } else {
            String::new()
        };
        (total, format!("{}{more}", shown.join(separator)))
    }

    /// The closing line in `lang`.
    pub fn line_in(&self, lang: Lang) -> String {
        if lang == Lang::En {
            return self.line();
        }
        let mut line = zh!(
            "汇总：{} 个文件，{} 份棋谱{}：{} 份有效，{} 份无效",
            self.files,
            self.records,
            Zh::own(&self.sieve),
            self.valid,
            self.records - self.valid
        );
        if self.unreadable_files > 0 {
            line.push(&zh!("，{} 个文件无法读取", self.unreadable_files));
        }
        if self.skipped_files > 0 {
            line.push(&zh!("，{} 个文件已跳过", self.skipped_files));
        }
        let (total, codes) = self.top_codes("，");
        line.push(&zh!("；{} 个错误", total));
        if total > 0 {
            line.push(&zh!("（{}）", codes));
        }
        line.push(&zh!("，{} 个警告\n", self.warnings));
        lang.chinese(&line).unwrap_or_default()
    }

    /// `summary: 3 files, 12 records: 10 valid, 2 invalid; 3 errors (illegal-move 2, ko 1), 1 warning`
    pub fn line(&self) -> String {
        let mut line = format!(
            "summary: {}, {}{}: {} valid, {} invalid",
            counted(self.files, "file"),
            counted(self.records, "record"),
            self.sieve,
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
        let (total, codes) = self.top_codes(", ");
        line.push_str(&format!("; {}", counted(total, "error")));
        if total > 0 {
            line.push_str(&format!(" ({codes})"));
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
