//! `qipu show`: one board of one record, as text for the terminal, SVG or PNG.

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;

use qipu::diag::Severity;
use qipu::diagram::{Moment, NoBoard};
use qipu::lang::{Lang, Zh};
use qipu::write::Pieces;
use qipu::zh;

use super::inputs::Excluded;
use super::output::AtomicFile;
use super::sieve::Sieve;
use super::{for_each_document, Event, ReadArgs, Status};

/// How `show` draws the board.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Picture {
    Text,
    Svg,
    Png,
}

/// What to show, and where.
pub struct Show {
    pub record: usize,
    pub moment: Moment,
    pub picture: Picture,
    pub pieces: Pieces,
    pub output: Option<PathBuf>,
    pub lang: Lang,
}

/// Why there is no board, and the first error the reading found.
type Refusal = (NoBoard, Option<String>);

/// Scale of the PNG over the SVG's natural size, for a sharp picture.
const PNG_SCALE: f32 = 2.0;

impl Show {
    pub fn run(&self, read: &ReadArgs) -> io::Result<Status> {
        let lang = self.lang;
        if read.paths.len() != 1 {
            let line = lang.say(
                || "qipu: show: name one file".to_string(),
                || Zh::own("qipu: show：请只指定一个文件"),
            );
            writeln!(io::stderr(), "{line}")?;
            return Ok(Status::Failure);
        }
        if self.picture == Picture::Png && self.output.is_none() && io::stdout().is_terminal() {
            let line = lang.say(
                || {
                    "qipu: show: a PNG is not for the terminal; pass -o FILE or redirect the \
                     output"
                        .to_string()
                },
                || Zh::own("qipu: show：PNG 不能输出到终端；请用 -o FILE 或重定向输出"),
            );
            writeln!(io::stderr(), "{line}")?;
            return Ok(Status::Failure);
        }
        let mut seen = 0;
        let mut picture: Option<Result<Vec<u8>, Refusal>> = None;
        let mut unreadable = None;
        let mut sieve = Sieve::new(read);
        let excluded = Excluded::default();
        let read_status =
            for_each_document(read, true, &excluded, lang, &mut sieve, |_, event| {
                let Event::Document(document) = event else {
                    return Ok(Status::Valid);
                };
                if document.read_failed() {
                    unreadable = document
                        .records
                        .iter()
                        .flat_map(|r| &r.diagnostics)
                        .find_map(|d| super::unreadable_line(document, &d.kind, lang));
                    return Ok(Status::Failure);
                }
                for report in &document.records {
                    if seen == self.record && picture.is_none() {
                        let first_error = || {
                            let errors = report.diagnostics.iter();
                            let mut errors = errors.filter(|d| d.severity == Severity::Error);
                            errors.next().map(|d| d.kind.message_in(self.lang))
                        };
                        picture = Some(
                            qipu::board(document, report, self.moment, self.pieces, lang)
                                .map(|diagram| self.draw(&diagram))
                                .map_err(|why| (why, first_error())),
                        );
                    }
                    seen += 1;
                }
                Ok(Status::Valid)
            })?;
        let source = &read.paths[0];
        if let Some(line) = unreadable {
            writeln!(io::stderr(), "qipu: {line}")?;
            return Ok(Status::Failure);
        }
        // A folder with no record files: the reading said so.
        if read_status == Status::Failure && seen == 0 {
            return Ok(Status::Failure);
        }
        let bytes = match picture {
            None => {
                let line = lang.say(
                    || {
                        format!(
                            "qipu: show: {source} holds {seen} record{} (numbered from 0); there \
                             is no record {}",
                            if seen == 1 { "" } else { "s" },
                            self.record
                        )
                    },
                    || {
                        zh!(
                            "qipu: show：{} 中有 {} 份棋谱（从 0 起编号），没有第 {} 份",
                            source,
                            seen,
                            self.record
                        )
                    },
                );
                writeln!(io::stderr(), "{line}")?;
                return Ok(Status::Failure);
            }
            Some(Err((why, first_error))) => {
                let found = match (&why, first_error) {
                    (NoBoard::NoRecord, Some(message)) => format!(" ({message})"),
                    _ => String::new(),
                };
                writeln!(
                    io::stderr(),
                    "qipu: show: {source}: record {}: {why}{found}",
                    self.record
                )?;
                return Ok(match why {
                    NoBoard::NoError | NoBoard::PastTheEnd { .. } => Status::Invalid,
                    NoBoard::NoRecord | NoBoard::NoStart => Status::Failure,
                });
            }
            Some(Ok(bytes)) => bytes,
        };
        match &self.output {
            Some(path) => {
                let mut file = AtomicFile::create(path)?;
                file.write_all(&bytes)?;
                file.commit()?;
            }
            None => {
                let mut out = io::stdout().lock();
                out.write_all(&bytes)?;
                out.flush()?;
            }
        }
        Ok(Status::Valid)
    }

    fn draw(&self, diagram: &qipu::diagram::Diagram) -> Vec<u8> {
        match self.picture {
            Picture::Text => diagram.to_text().into_bytes(),
            Picture::Svg => diagram.to_svg().into_bytes(),
            Picture::Png => png(&diagram.to_svg(), self.pieces == Pieces::Zh),
        }
    }
}

/// Font families that hold Chinese characters, by the words in their names.
const CJK_FAMILIES: [&str; 9] = [
    "CJK",
    "Han",
    "Hei",
    "Song",
    "Ming",
    "Kai",
    "WenQuanYi",
    "Noto Sans SC",
    "Noto Serif SC",
];

/// The SVG rasterised by resvg, with the system's fonts. Pieces, stones and marks are
/// shapes, so the picture is true without fonts; the names, numbers and coordinates
/// need one, and a note says when none was found.
fn png(svg: &str, chinese: bool) -> Vec<u8> {
    use resvg::{tiny_skia, usvg};
    let mut options = usvg::Options::default();
    options.fontdb_mut().load_system_fonts();
    let fonts = options.fontdb.faces().count();
    if fonts == 0 {
        let _ = writeln!(
            io::stderr(),
            "qipu: show: no system font found: the PNG has its pieces but no letters or numbers"
        );
    } else if chinese
        && !options.fontdb.faces().any(|face| {
            face.families
                .iter()
                .any(|(name, _)| CJK_FAMILIES.iter().any(|word| name.contains(word)))
        })
    {
        let _ = writeln!(
            io::stderr(),
            "qipu: show: no font with Chinese characters found: the PNG's pieces have no names (--pieces latin draws letters)"
        );
    }
    // Our own SVG always parses and always has a size.
    let Ok(tree) = usvg::Tree::from_str(svg, &options) else {
        return Vec::new();
    };
    let size = tree.size().to_int_size().scale_by(PNG_SCALE);
    let Some(mut pixmap) = size.and_then(|s| tiny_skia::Pixmap::new(s.width(), s.height())) else {
        return Vec::new();
    };
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(PNG_SCALE, PNG_SCALE),
        &mut pixmap.as_mut(),
    );
    pixmap.encode_png().unwrap_or_default()
}
