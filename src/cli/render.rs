//! Output of `validate` for people: rustc-style diagnostics (JSON Lines for programs are
//! the library's, `qipu::json`).

use annotate_snippets::{AnnotationKind, Group, Level, Origin, Renderer, Snippet};

use qipu::diag::{Diagnostic, Severity};
use qipu::lang::{Lang, Zh};
use qipu::{zh, Document, Game, RecordReport};

/// Colours or plain text.
#[derive(Clone, Copy)]
pub enum Style {
    Plain,
    Styled,
}

impl Style {
    /// Colours only on a terminal, and never when `NO_COLOR` is set.
    pub fn detect(terminal: bool) -> Style {
        if terminal && std::env::var_os("NO_COLOR").is_none() {
            Style::Styled
        } else {
            Style::Plain
        }
    }

    fn renderer(self) -> Renderer {
        match self {
            Style::Plain => Renderer::plain(),
            Style::Styled => Renderer::styled(),
        }
    }
}

/// Every record's diagnostics, then a one-line summary per record that has any.
pub fn human_report(document: &Document, style: Style, lang: Lang) -> String {
    let mut out = String::new();
    for report in &document.records {
        out.push_str(&human_record(document, report, style, lang));
    }
    out
}

/// Only the errors of every record (`validate --quiet`).
pub fn human_errors(document: &Document, style: Style, lang: Lang) -> String {
    let renderer = style.renderer();
    let mut out = String::new();
    for report in &document.records {
        for diagnostic in &report.diagnostics {
            if diagnostic.severity == Severity::Error {
                out.push_str(&render_diagnostic(
                    &renderer,
                    document,
                    report.game,
                    diagnostic,
                    lang,
                ));
                out.push_str("\n\n");
            }
        }
    }
    out
}

/// A note that concerns one record but is not one of its diagnostics (what a conversion
/// left out).
pub fn record_note(
    document: &Document,
    report: &RecordReport,
    note: &Diagnostic,
    style: Style,
    lang: Lang,
) -> String {
    let origin = lang.say(
        || format!("{}: record {}", document.source, record_number(report)),
        || zh!("{}：棋谱 {}", document.source, record_number(report)),
    );
    let mut out = render_at(
        &style.renderer(),
        document,
        report.game,
        note,
        &origin,
        lang,
    );
    out.push_str("\n\n");
    out
}

/// The note for a text file met in a folder walk that holds no game record.
pub fn skipped_note(document: &Document, style: Style, lang: Lang) -> String {
    let note = Diagnostic::new(
        Severity::Note,
        qipu::diag::Kind::File(qipu::diag::FileIssue::NotARecordFile),
        None,
    );
    let mut out = render_diagnostic(&style.renderer(), document, None, &note, lang);
    out.push_str("\n\n");
    out
}

/// One record's diagnostics in the rustc style, and a closing line.
pub fn human_record(
    document: &Document,
    report: &RecordReport,
    style: Style,
    lang: Lang,
) -> String {
    let renderer = style.renderer();
    let mut out = String::new();
    for diagnostic in &report.diagnostics {
        out.push_str(&render_diagnostic(
            &renderer,
            document,
            report.game,
            diagnostic,
            lang,
        ));
        out.push_str("\n\n");
    }
    let errors = count(report, Severity::Error);
    let warnings = count(report, Severity::Warning);
    // An input that could not be read has no record to sum up.
    if document.read_failed() {
        let line = lang.say(
            || format!("{}: not read\n", document.source),
            || zh!("{}：未能读取\n", document.source),
        );
        out.push_str(&line);
        return out;
    }
    if lang != Lang::En {
        let game = Zh::own(report.game.map_or("未知棋种", |g| g.name_zh()));
        let variant = report
            .variant
            .map(|v| zh!("，{}", Zh::own(v.name_zh())))
            .unwrap_or_default();
        let verdict = Zh::own(if report.valid() { "有效" } else { "无效" });
        let line = zh!(
            "{}：棋谱 {}（{}{}，{}）：{}，已复盘 {} {}，{} 个错误，{} 个警告\n",
            document.source,
            record_number(report),
            game,
            variant,
            document.encoding_of(report),
            verdict,
            report.plies,
            ply_unit_zh(report.game),
            errors,
            warnings
        );
        out.push_str(&lang.chinese(&line).unwrap_or_default());
        return out;
    }
    let game = report.game.map_or("unknown game", |g| g.name());
    let verdict = if report.valid() { "valid" } else { "invalid" };
    out.push_str(&format!(
        "{}: record {} ({game}{}, {}): {verdict}, {} plies replayed, {errors} error{}, {warnings} warning{}\n",
        document.source,
        record_number(report),
        report.variant.map(|v| format!(", {v}")).unwrap_or_default(),
        document.encoding_of(report),
        report.plies,
        plural(errors),
        plural(warnings),
    ));
    out
}

fn count(report: &RecordReport, severity: Severity) -> usize {
    report
        .diagnostics
        .iter()
        .filter(|d| d.severity == severity)
        .count()
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

fn render_diagnostic(
    renderer: &Renderer,
    document: &Document,
    game: Option<Game>,
    diagnostic: &Diagnostic,
    lang: Lang,
) -> String {
    render_at(renderer, document, game, diagnostic, &document.source, lang)
}

/// Renders `diagnostic`, naming `origin` where it has no span in the text.
fn render_at(
    renderer: &Renderer,
    document: &Document,
    game: Option<Game>,
    diagnostic: &Diagnostic,
    origin: &str,
    lang: Lang,
) -> String {
    let mut level = match diagnostic.severity {
        Severity::Error => Level::ERROR,
        Severity::Warning => Level::WARNING,
        Severity::Note => Level::NOTE,
    };
    let mut help_level = Level::HELP;
    // English keeps the renderer's own names, so its output stays as it was.
    if lang != Lang::En {
        level = level.with_name(Some(diagnostic.severity.name_in(lang)));
        help_level = help_level.with_name(lang.chinese(&Zh::own("提示")));
    }
    let (message, help) = diagnostic.kind.text_in(lang);
    let label = ply_label(diagnostic, game, lang);
    let located = diagnostic.located(&document.text, &document.lines);
    let title = level
        .clone()
        .primary_title(message.as_str())
        .id(diagnostic.code());
    let mut groups = Vec::new();
    match (&diagnostic.span, located.line_col()) {
        (Some(span), Some((line, column))) => {
            // Only the offending line is handed to the renderer: files can be large.
            let line_span = document.lines.line_span(&document.text, line);
            let start = span.start.clamp(line_span.start, line_span.end);
            let end = span.end.clamp(start, line_span.end);
            let mut shown = shown_part(&document.text, line_span.clone(), start..end);
            // A line begun in an earlier piece of a stream: the renderer would count the
            // column from the piece.
            shown.clipped |= document.lines.starts_before_text(line);
            let snippet = Snippet::source(shown.text).line_start(line);
            let annotation = AnnotationKind::Primary
                .span(shown.span)
                .label(label.as_deref());
            let group = if shown.clipped {
                // The renderer would count the column in the clipped text: name it here.
                let origin = Origin::path(document.source.as_str())
                    .line(line)
                    .char_column(column);
                groups.push(title.element(origin));
                Group::with_level(level.clone()).element(snippet.annotation(annotation))
            } else {
                title.element(
                    snippet
                        .path(document.source.as_str())
                        .annotation(annotation),
                )
            };
            groups.push(group);
        }
        _ => groups.push(title.element(Origin::path(origin))),
    }
    if let Some(help) = &help {
        groups.push(Group::with_title(help_level.secondary_title(help.as_str())));
    }
    renderer.render(&groups)
}

/// Lines longer than this (in bytes) are shown as a window around the span, so that
/// many diagnostics on one long line cost time in proportion to their number, not to
/// their number times the line's length.
const LONG_LINE: usize = 240;

/// Bytes shown on each side of a span in a long line.
const CONTEXT: usize = 80;

/// The part of a line shown under a diagnostic.
struct Shown<'a> {
    text: std::borrow::Cow<'a, str>,
    /// The span, relative to `text`.
    span: std::ops::Range<usize>,
    clipped: bool,
}

/// The whole line when it is short; otherwise a window around `span`, marked with `…`
/// where it was cut.
fn shown_part(text: &str, line: std::ops::Range<usize>, span: std::ops::Range<usize>) -> Shown<'_> {
    if line.len() <= LONG_LINE {
        return Shown {
            text: std::borrow::Cow::Borrowed(&text[line.clone()]),
            span: span.start - line.start..span.end - line.start,
            clipped: false,
        };
    }
    let floor = |mut at: usize| {
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        at
    };
    let from = floor(span.start.saturating_sub(CONTEXT).max(line.start));
    let span_end = floor(span.end.min(span.start + LONG_LINE));
    let to = floor((span_end + CONTEXT).min(line.end));
    let before = if from > line.start { "…" } else { "" };
    let after = if to < line.end { "…" } else { "" };
    let shift = before.len();
    Shown {
        text: std::borrow::Cow::Owned(format!("{before}{}{after}", &text[from..to])),
        span: span.start - from + shift..span_end.max(span.start) - from + shift,
        clipped: true,
    }
}

/// The number human and HTML output give a record: they count from 1, where JSON's
/// `index` counts from 0.
pub fn record_number(report: &RecordReport) -> usize {
    report.index + 1
}

/// What Chinese counts a game's moves in: Go in 手, Shatar and draughts in 着.
pub fn ply_unit_zh(game: Option<Game>) -> Zh {
    Zh::own(if game == Some(Game::Go) { "手" } else { "着" })
}

/// Where in the game: the ply (one side's move, the rulebooks' 着) and the move number
/// (回合) with the side; Go counts its moves (手) alone, one stone each.
pub fn ply_label(diagnostic: &Diagnostic, game: Option<Game>, lang: Lang) -> Option<String> {
    let ply = diagnostic.ply?;
    if game == Some(Game::Go) && lang != Lang::En {
        let side = diagnostic
            .side
            .map(|side| zh!("，{}", Zh::own(side.name_zh())));
        return lang.chinese(&zh!("第 {} 手{}", ply, side.unwrap_or_default()));
    }
    Some(match (diagnostic.move_number, diagnostic.side) {
        (Some(number), Some(side)) => lang.say(
            || format!("ply {ply}: move {number}, {side}"),
            || {
                zh!(
                    "第 {} 着：第 {} 回合，{}",
                    ply,
                    number,
                    Zh::own(side.name_zh())
                )
            },
        ),
        _ => lang.say(|| format!("ply {ply}"), || zh!("第 {} 着", ply)),
    })
}
