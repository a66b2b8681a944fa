//! The line wrapper of every writer: words or units appended to a text, a line broken
//! before anything that would carry it past the width asked for (`--line-width`,
//! [`MAX_LINE`] by default) in characters.

/// The longest line a writer makes where it can break unless told otherwise: 79
/// characters, so that a line and its break fit an 80-column terminal. A single longer
/// token still stands alone.
pub(crate) const MAX_LINE: usize = 79;

/// Appends to a text, keeping lines within `width` characters (counted as `char`s).
pub(crate) struct LineWrapper<'o> {
    out: &'o mut String,
    /// Characters on the current line.
    col: usize,
    /// The longest line it makes where it can break.
    width: usize,
}

impl<'o> LineWrapper<'o> {
    /// A wrapper appending to `out`, which is taken to end at a line start, breaking
    /// lines before they pass `width` characters.
    pub(crate) fn new(out: &'o mut String, width: usize) -> LineWrapper<'o> {
        LineWrapper { out, col: 0, width }
    }

    /// Appends a word, after a space on the current line or at the start of a new one
    /// when it would not fit there.
    pub(crate) fn word(&mut self, word: &str) {
        let len = word.chars().count();
        if self.col > 0 && self.col + 1 + len > self.width {
            self.end_line();
        } else if self.col > 0 {
            self.out.push(' ');
            self.col += 1;
        }
        self.out.push_str(word);
        self.col += len;
    }

    /// Appends a unit with no separator, breaking the line first if the unit's first line
    /// would not fit on it. The unit may hold line breaks of its own.
    pub(crate) fn unit(&mut self, unit: &str) {
        let first_line = unit.split('\n').next().unwrap_or_default().chars().count();
        if self.col > 0 && self.col + first_line > self.width {
            self.end_line();
        }
        self.out.push_str(unit);
        self.col = match unit.rfind('\n') {
            Some(k) => unit[k + 1..].chars().count(),
            None => self.col + first_line,
        };
    }

    /// Ends the current line, unless nothing has been written on it.
    pub(crate) fn end_line(&mut self) {
        if self.col > 0 {
            self.out.push('\n');
            self.col = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_fill_lines_up_to_the_limit() {
        let mut out = String::new();
        let mut line = LineWrapper::new(&mut out, MAX_LINE);
        let word = "x".repeat(39);
        line.word(&word);
        line.word(&word);
        line.word("y");
        line.word(&"z".repeat(100));
        line.end_line();
        line.end_line();
        assert_eq!(
            out,
            format!("{word} {word}\ny\n{}\n", "z".repeat(100)),
            "79 characters fit, 81 do not; a long word stands alone"
        );
    }

    #[test]
    fn units_join_without_spaces_and_may_hold_line_breaks() {
        let mut out = String::new();
        let mut line = LineWrapper::new(&mut out, MAX_LINE);
        line.unit(&"a".repeat(78));
        line.unit("b");
        line.unit("c\nddd");
        line.unit(&"e".repeat(76));
        line.unit("f");
        line.end_line();
        assert_eq!(
            out,
            format!("{}b\nc\nddd{}\nf\n", "a".repeat(78), "e".repeat(76))
        );
    }

    #[test]
    fn the_width_is_the_callers() {
        let mut out = String::new();
        let mut line = LineWrapper::new(&mut out, 20);
        for word in ["1.", "e4", "e5", "2.", "Nf3", "Nc6", "3.", "Bb5", "a6"] {
            line.word(word);
        }
        line.word(&"x".repeat(25));
        line.end_line();
        assert_eq!(
            out,
            format!("1. e4 e5 2. Nf3 Nc6\n3. Bb5 a6\n{}\n", "x".repeat(25))
        );
    }
}
