//! `validate --format html`: one self-contained page over the whole run, for an arbiter
//! to read on screen or print for an appeal committee. A summary table comes first, then
//! each record with a diagnostic: its source lines with the token marked, the message and
//! help, and the repair where one was made. No script and nothing fetched: inline CSS.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use qipu::diag::{Diagnostic, Issue as _, Repaired, Severity};
use qipu::lang::{Lang, Zh};
use qipu::write::Pieces;
use qipu::{zh, Document, RecordReport};

use super::render::{ply_label, ply_unit_zh, record_number};

/// Characters of a long line shown on each side of the marked token.
const CONTEXT: usize = 60;

/// The page being built, document by document; written whole by [`HtmlReport::page`]
/// because the summary, which comes first, is known only at the end.
pub struct HtmlReport {
    lang: Lang,
    /// How Shatar's pieces are named on the boards.
    pieces: Pieces,
    files: usize,
    records: usize,
    valid: usize,
    /// Diagnostics by severity (worst first) and code.
    codes: BTreeMap<(std::cmp::Reverse<Severity>, &'static str), usize>,
    /// The sections of the records with a diagnostic, in input order.
    body: String,
    /// A row of the index for each of them, linking to its section.
    index: String,
    /// Sections written, which number their anchors.
    sections: usize,
}

impl HtmlReport {
    /// An empty report, worded in `lang`, its Shatar boards with `pieces` (by default the
    /// rulebook's Chinese names in a Chinese report, letters in an English one).
    pub fn new(lang: Lang, pieces: Option<Pieces>) -> HtmlReport {
        HtmlReport {
            lang,
            pieces: pieces.unwrap_or(match lang {
                Lang::En => Pieces::Latin,
                Lang::Zh | Lang::ZhHant => Pieces::Zh,
            }),
            files: 0,
            records: 0,
            valid: 0,
            codes: BTreeMap::new(),
            body: String::new(),
            index: String::new(),
            sections: 0,
        }
    }

    /// qipu's own words in the report's language.
    fn say(&self, english: &str, chinese: &str) -> String {
        self.lang.say(|| english.to_string(), || Zh::own(chinese))
    }

    /// Counts one input file (a streamed file gives several documents).
    pub fn file(&mut self) {
        self.files += 1;
    }

    /// Adds a document's records: counted, and a section for each with a diagnostic.
    pub fn document(&mut self, document: &Document) {
        for report in &document.records {
            self.records += 1;
            if report.valid() {
                self.valid += 1;
            }
            for diagnostic in &report.diagnostics {
                let key = (std::cmp::Reverse(diagnostic.severity), diagnostic.code());
                *self.codes.entry(key).or_default() += 1;
            }
            if !report.diagnostics.is_empty() {
                self.record_section(document, report);
            }
        }
    }

    fn record_section(&mut self, document: &Document, report: &RecordReport) {
        self.sections += 1;
        let anchor = self.sections;
        let lang = self.lang;
        let (class, verdict) = if report.valid() {
            ("valid", self.say("valid", "有效"))
        } else {
            ("invalid", self.say("invalid", "无效"))
        };
        let count = |severity: Severity| {
            report
                .diagnostics
                .iter()
                .filter(|d| d.severity == severity)
                .count()
        };
        let _ = writeln!(
            self.index,
            "<tr class=\"{class}\"><td><a href=\"#r{anchor}\">{}</a></td><td>{}</td>\
             <td>{verdict}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            escape(&document.source),
            record_number(report),
            count(Severity::Error),
            count(Severity::Warning),
            count(Severity::Note),
        );
        let game = match report.game {
            Some(game) => lang.say(|| game.name().to_string(), || Zh::own(game.name_zh())),
            None => self.say("unknown game", "未知棋种"),
        };
        let encoding = if document.encoding.is_empty() {
            String::new()
        } else {
            format!(", {}", escape(document.encoding_of(report)))
        };
        let record = lang.say(
            || format!("record {}", record_number(report)),
            || zh!("棋谱 {}", record_number(report)),
        );
        let replayed = lang.say(
            || format!("{} plies replayed", report.plies),
            || zh!("已复盘 {} {}", report.plies, ply_unit_zh(report.game)),
        );
        let _ = write!(
            self.body,
            "<section class=\"record {class}\" id=\"r{anchor}\">\n<h2><span class=\"source\">{}</span> \
             {record} <span class=\"meta\">({game}{encoding})</span> \
             <span class=\"verdict\">{verdict}, {replayed}</span></h2>\n",
            escape(&document.source),
        );
        self.record_tags(report);
        for diagnostic in &report.diagnostics {
            self.diagnostic(document, report, diagnostic);
        }
        self.body.push_str("</section>\n");
    }

    /// Who played, where, when, and the result stated, from the record's tags: what a
    /// committee reads first. Only the tags the record has.
    fn record_tags(&mut self, report: &RecordReport) {
        let Some(record) = report.record.as_ref() else {
            return;
        };
        let record = record.as_game_record();
        let (black, black_zh) = if report.game == Some(qipu::Game::Shatar) {
            ("Blue", "蓝方")
        } else {
            ("Black", "黑方")
        };
        let fields = [
            ("white", "White", "白方"),
            ("black", black, black_zh),
            ("event", "Event", "赛事"),
            ("site", "Place", "地点"),
            ("date", "Date", "日期"),
            ("result", "Result stated", "记录的结果"),
        ];
        let mut rows = String::new();
        for (field, english, chinese) in fields {
            let value = record
                .tag_of(field)
                .and_then(|tag| record.tags().get(tag))
                .map(str::trim)
                .filter(|value| !value.is_empty() && *value != "?" && *value != "*");
            if let Some(value) = value {
                let _ = write!(
                    rows,
                    "<dt>{}</dt><dd>{}</dd>",
                    self.say(english, chinese),
                    escape(value)
                );
            }
        }
        if !rows.is_empty() {
            let _ = writeln!(self.body, "<dl class=\"tags\">{rows}</dl>");
        }
    }

    fn diagnostic(&mut self, document: &Document, report: &RecordReport, diagnostic: &Diagnostic) {
        let lang = self.lang;
        let severity = diagnostic.severity.name();
        let repair = diagnostic.kind.game_issue::<Repaired>().is_some();
        let class = if repair { "repair" } else { severity };
        // An error in the game has its board: the position before it.
        let with_board = diagnostic.severity == Severity::Error && diagnostic.ply.is_some();
        let expected = if with_board {
            " data-board-expected"
        } else {
            ""
        };
        let _ = write!(
            self.body,
            "<article class=\"diagnostic {class}\"{expected}>\n<p class=\"headline\">\
             <span class=\"severity\">{}</span> <code>{}</code> {}</p>\n",
            escape(&diagnostic.severity.name_in(lang)),
            diagnostic.code(),
            escape(&diagnostic.kind.message_in(lang)),
        );
        let located = diagnostic.located(&document.text, &document.lines);
        let place = [
            located.line_col().map(|(line, column)| {
                lang.say(
                    || format!("line {line}, column {column}"),
                    || zh!("第 {} 行，第 {} 列", line, column),
                )
            }),
            ply_label(diagnostic, report.game, lang),
        ];
        let place: Vec<String> = place.into_iter().flatten().collect();
        if !place.is_empty() {
            let _ = writeln!(
                self.body,
                "<p class=\"place\">{}</p>",
                escape(&place.join(" · "))
            );
        }
        if let Some(source) = source_line(document, diagnostic) {
            self.body.push_str(&source);
        }
        if let Some(help) = diagnostic.kind.help_in(lang) {
            let _ = writeln!(
                self.body,
                "<p class=\"help\">{} {}</p>",
                self.say("help:", "提示："),
                escape(&help)
            );
        }
        if with_board {
            self.board(document, report, diagnostic);
        }
        self.body.push_str("</article>\n");
    }

    /// The board before `diagnostic`, inline; where there is none, why.
    fn board(&mut self, document: &Document, report: &RecordReport, diagnostic: &Diagnostic) {
        match qipu::board_before(document, report, diagnostic, self.pieces, self.lang) {
            Ok(diagram) => {
                // Moves replayed as repaired before this one: the board is the repaired
                // game's, not the one written.
                let repairs: Vec<(u32, &Repaired)> = report
                    .diagnostics
                    .iter()
                    .filter(|d| d.ply.is_some_and(|p| Some(p) < diagnostic.ply))
                    .filter_map(|d| Some((d.ply?, d.kind.game_issue::<Repaired>()?)))
                    .collect();
                if !repairs.is_empty() {
                    let unit = ply_unit_zh(report.game);
                    let note = self.lang.say(
                        || {
                            let list: Vec<String> = repairs
                                .iter()
                                .map(|(ply, r)| format!("ply {ply}: {}", r.message_in(Lang::En)))
                                .collect();
                            format!(
                                "board of the repaired game, not of the one written: {}",
                                list.join("; ")
                            )
                        },
                        || {
                            let list = repairs.iter().map(|(ply, r)| {
                                zh!("第 {} {}：{}", ply, unit, r.message_in(Lang::Zh))
                            });
                            zh!(
                                "此为修复后对局的局面，不是原记录的局面：{}",
                                Zh::join(list, "；")
                            )
                        },
                    );
                    let _ = writeln!(
                        self.body,
                        "<p class=\"repaired-board\">{}</p>",
                        escape(&note)
                    );
                }
                let game = report.game.map_or("", |g| g.name());
                // Inline SVG needs no namespace in HTML: the page names no address.
                let svg = diagram
                    .to_svg()
                    .replacen(" xmlns=\"http://www.w3.org/2000/svg\"", "", 1);
                let _ = writeln!(
                    self.body,
                    "<div class=\"board{}\" data-game=\"{game}\">{}</div>",
                    if repairs.is_empty() { "" } else { " repaired" },
                    svg.trim_end()
                );
            }
            Err(why) => {
                let _ = writeln!(
                    self.body,
                    "<p class=\"no-board\">{}</p>",
                    escape(&why.message_in(self.lang))
                );
            }
        }
    }

    /// The whole page.
    pub fn page(&self) -> String {
        let lang = self.lang;
        let mut page = String::with_capacity(self.body.len() + 4096);
        let title = self.say("qipu validation report", "qipu 棋谱检查报告");
        let html_lang = match lang {
            Lang::En => "en",
            Lang::Zh => "zh-Hans",
            Lang::ZhHant => "zh-Hant",
        };
        page.push_str(&HEAD.replace("{lang}", html_lang).replace("{title}", &title));
        let invalid = self.records - self.valid;
        let row = |english: &str, chinese: &str, n: usize| {
            format!(
                "<tr><th>{}</th><td>{n}</td></tr>\n",
                self.say(english, chinese)
            )
        };
        let _ = write!(
            page,
            "<h1>{title}</h1>\n<table class=\"summary\">\n{}{}{}{}</table>\n",
            row("files", "文件", self.files),
            row("records", "棋谱", self.records),
            row("valid", "有效", self.valid),
            row("invalid", "无效", invalid),
        );
        if !self.codes.is_empty() {
            let _ = writeln!(
                page,
                "<table class=\"codes\">\n<tr><th>{}</th><th>{}</th><th>{}</th></tr>",
                self.say("code", "代码"),
                self.say("severity", "级别"),
                self.say("count", "次数"),
            );
            for ((severity, code), count) in &self.codes {
                let _ = writeln!(
                    page,
                    "<tr class=\"{}\"><td><code>{code}</code></td><td>{}</td><td>{count}</td></tr>",
                    severity.0.name(),
                    severity.0.name_in(lang),
                );
            }
            page.push_str("</table>\n");
        }
        if !self.index.is_empty() {
            let _ = writeln!(
                page,
                "<h2>{}</h2>\n<table class=\"index\">\n<tr><th>{}</th><th>{}</th><th>{}</th>\
                 <th>{}</th><th>{}</th><th>{}</th></tr>",
                self.say("Records with diagnostics", "有诊断的棋谱"),
                self.say("file", "文件"),
                self.say("record", "棋谱"),
                self.say("verdict", "结论"),
                self.say("errors", "错误"),
                self.say("warnings", "警告"),
                self.say("notes", "备注"),
            );
            page.push_str(&self.index);
            page.push_str("</table>\n");
        }
        page.push_str(&self.body);
        let _ = write!(
            page,
            "<footer>qipu {}</footer>\n</body>\n</html>\n",
            env!("CARGO_PKG_VERSION")
        );
        page
    }
}

/// The source line a diagnostic points into, numbered, with its span marked; a long
/// line is cut to a window around the span.
fn source_line(document: &Document, diagnostic: &Diagnostic) -> Option<String> {
    let span = diagnostic.span.clone()?;
    let text = &document.text;
    let (line, _) = document.lines.line_col(text, span.start);
    let bounds = document.lines.line_span(text, line);
    let end = span.end.min(bounds.end).max(span.start);
    let floor = |mut at: usize| {
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        at
    };
    let from = floor(span.start.saturating_sub(CONTEXT * 4).max(bounds.start));
    let from = text[from..span.start]
        .char_indices()
        .rev()
        .nth(CONTEXT)
        .map_or(from, |(i, _)| from + i);
    let to = text[end..bounds.end]
        .char_indices()
        .nth(CONTEXT)
        .map_or(bounds.end, |(i, _)| end + i);
    let before = if from > bounds.start { "…" } else { "" };
    let after = if to < bounds.end { "…" } else { "" };
    Some(format!(
        "<pre class=\"source\"><span class=\"line-number\">{line}</span>{before}{}<mark>{}</mark>{}{after}</pre>\n",
        escape(text[from..span.start].trim_start_matches(['\r', '\n'])),
        escape(&text[span.start..end]),
        escape(text[end..to].trim_end_matches(['\r', '\n'])),
    ))
}

/// The page's head and inline style: readable on screen, and printed in black and
/// white without losing the severities (each is named in words too).
const HEAD: &str = r#"<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
body { font-family: system-ui, "Noto Sans", "Noto Sans CJK SC", sans-serif; margin: 2em auto; max-width: 60em; padding: 0 1em; color: #1a1a1a; line-height: 1.4; }
h1 { font-size: 1.6em; margin-bottom: .5em; }
h2 { font-size: 1.1em; margin: 0 0 .5em; }
table { border-collapse: collapse; margin: 0 1.5em 1.5em 0; display: inline-table; vertical-align: top; }
th, td { border: 1px solid #bbb; padding: .2em .6em; text-align: left; }
td:last-child { text-align: right; }
table.index { display: table; }
table.index td:nth-child(n+4), table.index td:nth-child(2) { text-align: right; }
table.index td:nth-child(3) { text-align: left; }
tr.invalid td:nth-child(3) { color: #c62828; font-weight: bold; }
.meta, .place, footer { color: #555; }
.verdict { font-weight: normal; color: #555; }
section.record { border-top: 2px solid #444; padding-top: .6em; margin-top: 1.2em; }
article.diagnostic { border-left: .4em solid #999; padding: .3em .8em; margin: .6em 0; break-inside: avoid; page-break-inside: avoid; }
article.error { border-color: #c62828; }
article.warning { border-color: #ef8f00; }
article.note { border-color: #1565c0; }
article.repair { border-color: #2e7d32; }
.severity { font-weight: bold; text-transform: uppercase; font-size: .85em; }
.error .severity { color: #c62828; }
.warning .severity { color: #a85f00; }
.note .severity { color: #1565c0; }
.repair .severity { color: #2e7d32; }
.headline, .place, .help { margin: .2em 0; }
pre.source { background: #f5f5f5; padding: .3em .6em; overflow-x: auto; white-space: pre-wrap; word-break: break-all; font-family: ui-monospace, "Noto Sans Mono", "Noto Sans Mono CJK SC", monospace; }
.line-number { color: #777; margin-right: 1em; user-select: none; }
mark { background: #ffe082; border-bottom: 2px solid #c62828; }
.board { margin: .4em 0; }
.board.repaired svg { outline: 2px dashed #2e7d32; outline-offset: 2px; }
.repaired-board { margin: .2em 0; color: #2e7d32; font-weight: bold; }
dl.tags { display: grid; grid-template-columns: max-content 1fr; gap: .1em 1em; margin: .2em 0 .6em; }
dl.tags dt { color: #555; }
dl.tags dd { margin: 0; }
.board svg { width: 20em; max-width: 100%; height: auto; }
footer { margin-top: 2em; font-size: .85em; }
@media print {
  body { margin: 0; max-width: none; font-size: 10pt; }
  pre.source { background: none; border: 1px solid #ccc; }
  mark { background: none; font-weight: bold; text-decoration: underline; }
  section.record { break-before: auto; break-inside: auto; }
  h2, dl.tags { break-after: avoid; page-break-after: avoid; }
  .board { break-inside: avoid; page-break-inside: avoid; }
  .board svg { width: 6.5cm; }
  .repaired-board { color: inherit; }
  .board.repaired svg { outline-color: #000; }
  table { page-break-inside: avoid; }
  a { color: inherit; text-decoration: none; }
}
@page { size: A4; margin: 15mm 15mm 18mm; }
</style>
</head>
<body>
"#;

/// `text` as HTML text or attribute value: the five characters markup gives a meaning to,
/// as references.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        let reference = match c {
            '&' => "&amp;",
            '<' => "&lt;",
            '>' => "&gt;",
            '"' => "&quot;",
            '\'' => "&#39;",
            _ => {
                out.push(c);
                continue;
            }
        };
        out.push_str(reference);
    }
    out
}
