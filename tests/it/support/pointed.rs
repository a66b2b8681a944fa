//! What a diagnostic points at, as the reader of the record sees it.

use qipu::Diagnostic;

/// The text of `source` a diagnostic points at (empty when it points nowhere).
pub fn pointed_at(source: &str, diagnostic: &Diagnostic) -> String {
    let span = diagnostic.span.clone();
    span.and_then(|span| source.get(span))
        .unwrap_or_default()
        .to_string()
}
