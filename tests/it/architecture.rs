//! The shape of the library, checked on its sources: no module depends on another that
//! depends back on it, families never import one another, nothing outside a family's
//! folder but the registry (`src/registry.rs`) names a family, and a family's files are
//! private behind its curated re-exports. The binary (`src/cli`,
//! `src/main.rs`) is left out: its arguments name the families.
//!
//! A module's dependencies are the `crate::` paths in its code (comments, doc comments
//! and `#[cfg(test)]` modules aside), the items the crate root re-exports counted as
//! their own modules'.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use crate::support::fixtures::root;

const FAMILIES: [&str; 3] = ["shatar", "draughts", "go"];

/// Where the crate root's re-exports (and its own items) come from.
fn module_of_root_item(item: &str) -> &'static str {
    match item {
        "Document" | "RecordReport" | "board" | "board_before" => "report",
        "read_document" | "read_str" => "read",
        "ReadOptions" => "family",
        "Game" => "record",
        "Diagnostic" | "Kind" | "Severity" => "diag",
        "DocumentStream" => "stream",
        "LineIndex" | "Span" => "text",
        // `#[macro_export]` puts lang's wording macro at the root.
        "zh" => "lang",
        "write_record" | "AnyRecord" | "GameRecord" | "Format" | "WriteError" | "WriteOptions" => {
            "write"
        }
        _ => "lib",
    }
}

/// The crate root only declares modules, re-exports their items and documents the crate:
/// reading, drawing and writing live in modules of their own, which nothing makes depend
/// on the root.
#[test]
fn the_crate_root_defines_nothing() {
    let lib = code(&std::fs::read_to_string(root().join("src/lib.rs")).unwrap());
    let items = lib
        .lines()
        .filter(|line| !line.trim_start().starts_with("#!["));
    let items = items.collect::<Vec<_>>().join("\n");
    for item in items
        .split(';')
        .map(str::trim)
        .filter(|item| !item.is_empty())
    {
        // Attributes (`#[doc(hidden)]`) may stand before a declaration.
        let item: Vec<&str> = item
            .lines()
            .filter(|line| !line.trim_start().starts_with("#["))
            .collect();
        let item = item.join("\n");
        let item = item.trim();
        let declares = ["mod ", "pub mod ", "pub use "]
            .iter()
            .any(|start| item.starts_with(start));
        assert!(declares, "lib.rs holds more than declarations: {item}");
    }
}

/// The code of a source file: no comments, no test modules.
fn code(source: &str) -> String {
    let before_tests = source.split("#[cfg(test)]").next().unwrap_or("");
    before_tests
        .lines()
        .map(|line| match line.find("//") {
            Some(at) => &line[..at],
            None => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The modules (top level under src/) that `code` refers to with `crate::`.
fn references(code: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let mut rest = code;
    while let Some(at) = rest.find("crate::") {
        rest = &rest[at + "crate::".len()..];
        let names: Vec<&str> = if let Some(group) = rest.strip_prefix('{') {
            let end = group.find('}').expect("a closed use group");
            group[..end].split(',').map(str::trim).collect()
        } else {
            vec![rest]
        };
        for name in names {
            let first: String = name
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if first.is_empty() {
                continue;
            }
            let module = if first.starts_with(char::is_uppercase) || !is_module(&first) {
                module_of_root_item(&first).to_string()
            } else {
                first
            };
            found.insert(module);
        }
    }
    found
}

/// The modules the crate root's own code uses (`registry::family`), beside the modules it
/// declares and the items it re-exports.
fn root_references(code: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for line in code.lines() {
        let line = line.trim_start();
        if line.starts_with("pub use ") || line.starts_with("mod ") || line.starts_with("pub mod ")
        {
            continue;
        }
        for (at, _) in line.match_indices("::") {
            let before = &line[..at];
            let name: String = before
                .chars()
                .rev()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect();
            let starts_path =
                before.len() == name.len() || !before[..before.len() - name.len()].ends_with("::");
            if !name.is_empty() && starts_path && is_module(&name) {
                found.insert(name);
            }
        }
    }
    found
}

fn is_module(name: &str) -> bool {
    let src = root().join("src");
    src.join(format!("{name}.rs")).exists() || src.join(name).join("mod.rs").exists()
}

/// Every library module (a file under src/, or a family's folder) and its references.
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = root().join("src");
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut add = |module: String, path: &Path| {
        let source = std::fs::read_to_string(path).expect("a source file");
        let mut refs = references(&code(&source));
        if module == "lib" {
            refs.extend(root_references(&code(&source)));
        }
        refs.remove(&module);
        graph.entry(module).or_default().extend(refs);
    };
    for entry in walk(&src) {
        let relative = entry.strip_prefix(&src).expect("under src");
        let first = relative
            .components()
            .next()
            .expect("a path")
            .as_os_str()
            .to_string_lossy()
            .trim_end_matches(".rs")
            .to_string();
        if first == "cli" || first == "main" {
            continue;
        }
        add(first, &entry);
    }
    graph
}

fn walk(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(dir).expect("a folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

#[test]
fn families_import_neither_each_other_nor_the_registry() {
    let graph = graph();
    for family in FAMILIES {
        let refs = &graph[family];
        for other in FAMILIES.iter().chain(&["registry", "lib"]) {
            assert!(
                *other == family || !refs.contains(*other),
                "{family} refers to {other}: {refs:?}"
            );
        }
    }
}

#[test]
fn only_the_registry_names_a_family() {
    for (module, refs) in graph() {
        if FAMILIES.contains(&module.as_str()) || module == "registry" || module == "lib" {
            continue;
        }
        for family in FAMILIES {
            assert!(!refs.contains(family), "{module} refers to {family}");
        }
    }
    // The crate root only declares the families' modules; its pipeline asks the registry.
    let lib = code(&std::fs::read_to_string(root().join("src/lib.rs")).unwrap());
    for family in FAMILIES {
        assert!(
            !lib.contains(&format!("{family}::")),
            "lib.rs names {family}"
        );
    }
}

/// The core reaches the families' games, formats and sides only as data the families
/// declare (through the registry's list): no code outside a family's folder and the
/// registry names one of them, nor the file extensions of a family's formats.
#[test]
fn the_core_names_no_family_game_format_or_side() {
    let src = root().join("src");
    let named = [
        "Game::Shatar",
        "Game::Draughts",
        "Game::Go",
        "Format::Pgn",
        "Format::Pdn",
        "Format::Sgf",
        "Side::Blue",
        "\"pgn\"",
        "\"pdn\"",
        "\"sgf\"",
        "\"gib\"",
    ];
    for file in walk(&src) {
        let relative = file
            .strip_prefix(&src)
            .unwrap()
            .to_string_lossy()
            .to_string();
        let first = relative.split('/').next().unwrap().trim_end_matches(".rs");
        if FAMILIES.contains(&first) || ["registry", "cli", "main"].contains(&first) {
            continue;
        }
        let code = code(&std::fs::read_to_string(&file).unwrap());
        for name in named {
            assert!(!code.contains(name), "{relative} names {name}");
        }
    }
}

/// Every family reads with one signature, its records are the one record shape
/// (`Record<Move, Extra>`), and a record draws its own board: nothing downcasts a record
/// to draw it.
#[test]
fn families_read_and_keep_records_alike() {
    for family in FAMILIES {
        let folder = root().join("src").join(family);
        let sources: Vec<String> = walk(&folder)
            .iter()
            .map(|file| code(&std::fs::read_to_string(file).unwrap()))
            .collect();
        let all = sources.join("\n");
        assert!(
            all.contains(
                "pub fn read_records(text: &str, options: &ReadOptions) -> Vec<RecordReport>"
            ),
            "{family} reads records with another signature"
        );
        for line in all
            .lines()
            .filter(|line| line.starts_with("impl GameRecord for "))
        {
            let record = line.trim_start_matches("impl GameRecord for ");
            let alias = record.trim_end_matches(" {");
            let shaped = alias.starts_with("Record<")
                || all.contains(&format!("pub type {alias} = Record<"));
            assert!(shaped, "{family}'s record {alias} is not a Record");
        }
        let diagram = std::fs::read_to_string(folder.join("diagram.rs")).unwrap();
        assert!(
            !code(&diagram).contains("downcast"),
            "{family} downcasts to draw"
        );
    }
}

#[test]
fn no_module_depends_on_itself_through_others() {
    let graph = graph();
    // The crate root's pipeline (read_document) may use anything; nothing but the root
    // itself should need it, except for the items it defines.
    let mut cycle = None;
    for start in graph.keys() {
        let mut pending: Vec<(String, Vec<String>)> = vec![(start.clone(), vec![start.clone()])];
        let mut seen = BTreeSet::new();
        while let Some((module, path)) = pending.pop() {
            for next in graph.get(&module).into_iter().flatten() {
                if next == start {
                    cycle.get_or_insert_with(|| {
                        let mut path = path.clone();
                        path.push(next.clone());
                        path
                    });
                } else if seen.insert(next.clone()) {
                    let mut path = path.clone();
                    path.push(next.clone());
                    pending.push((next.clone(), path));
                }
            }
        }
    }
    assert_eq!(cycle, None, "a cycle of modules");
}

/// A family's files are private: what a library user needs is re-exported by the
/// family's `mod.rs`, so the public API is a list someone chose, not the file layout.
/// The one public module inside a family is Go's SGF reader, an API of its own.
#[test]
fn the_files_of_a_family_are_private() {
    for family in FAMILIES {
        let folder = root().join("src").join(family);
        for file in walk(&folder) {
            let source = std::fs::read_to_string(&file).unwrap();
            for line in code(&source).lines() {
                let line = line.trim();
                let Some(module) = line.strip_prefix("pub mod ") else {
                    continue;
                };
                let module = module.trim_end_matches(';');
                assert!(
                    family == "go" && module == "sgf",
                    "{} makes its module {module} public",
                    file.display()
                );
            }
        }
    }
}
