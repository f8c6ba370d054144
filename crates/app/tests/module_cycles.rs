//! No module cycle anywhere: within each crate of the workspace, the top-level modules that
//! name each other with `crate::` (or `super::` from a module's own files) form no cycle. A
//! cycle makes two modules one idea split across files, and it is how a view ends up computing.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`.
fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The top-level module a file of `src` belongs to (`None` for the crate root).
fn module_of(src: &Path, file: &Path) -> Option<String> {
    let rel = file.strip_prefix(src).unwrap();
    let first = rel.components().next()?.as_os_str().to_string_lossy().to_string();
    let name = first.trim_end_matches(".rs").to_string();
    (!matches!(name.as_str(), "lib" | "main")).then_some(name)
}

/// The top-level modules `text` names through `crate::`, outside comments.
fn named(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for line in text.lines() {
        let code = line.split("//").next().unwrap_or("");
        let mut rest = code;
        while let Some(i) = rest.find("crate::") {
            let after = &rest[i + "crate::".len()..];
            let name: String = after.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
            // `use crate::{a, b}`: every name in the braces.
            if name.is_empty() && after.starts_with('{') {
                let inner = after[1..].split('}').next().unwrap_or("");
                for part in inner.split(',') {
                    let n: String = part.trim().chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
                    if !n.is_empty() {
                        out.insert(n);
                    }
                }
            } else if !name.is_empty() {
                out.insert(name);
            }
            rest = after;
        }
    }
    out
}

/// A cycle in `edges`, if any, as the modules around it.
fn cycle(edges: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(n: &str, edges: &BTreeMap<String, BTreeSet<String>>, state: &mut BTreeMap<String, u8>, path: &mut Vec<String>) -> Option<Vec<String>> {
        match state.get(n) {
            Some(2) => return None,
            Some(1) => {
                let start = path.iter().position(|p| p == n).unwrap();
                let mut c = path[start..].to_vec();
                c.push(n.to_string());
                return Some(c);
            }
            _ => {}
        }
        state.insert(n.to_string(), 1);
        path.push(n.to_string());
        for m in edges.get(n).into_iter().flatten() {
            if let Some(c) = visit(m, edges, state, path) {
                return Some(c);
            }
        }
        path.pop();
        state.insert(n.to_string(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for n in edges.keys() {
        if let Some(c) = visit(n, edges, &mut state, &mut Vec::new()) {
            return Some(c);
        }
    }
    None
}

/// The edges between the top-level modules of the crate at `src`.
fn edges_of(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut all = Vec::new();
    files(src, &mut all);
    let modules: BTreeSet<String> = all.iter().filter_map(|f| module_of(src, f)).collect();
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for f in &all {
        let Some(from) = module_of(src, f) else { continue };
        let text = std::fs::read_to_string(f).unwrap();
        // Tests inside a module may reach anywhere; only the code counts.
        let code = text.split("#[cfg(test)]").next().unwrap_or("");
        for to in named(code) {
            if to != from && modules.contains(&to) {
                edges.entry(from.clone()).or_default().insert(to);
            }
        }
    }
    edges
}

#[test]
fn no_crate_has_a_module_cycle() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut found = Vec::new();
    for c in std::fs::read_dir(&crates).unwrap().flatten() {
        let src = c.path().join("src");
        if !src.is_dir() {
            continue;
        }
        if let Some(cy) = cycle(&edges_of(&src)) {
            found.push(format!("{}: {}", c.file_name().to_string_lossy(), cy.join(" -> ")));
        }
    }
    assert!(found.is_empty(), "module cycles: {found:?}");
}

#[test]
fn the_check_finds_a_cycle() {
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    edges.entry("analyze".into()).or_default().insert("main_game".into());
    edges.entry("main_game".into()).or_default().insert("heads_up".into());
    assert!(cycle(&edges).is_none());
    edges.entry("heads_up".into()).or_default().insert("analyze".into());
    assert_eq!(cycle(&edges).unwrap(), ["analyze", "main_game", "heads_up", "analyze"]);
    assert_eq!(named("use crate::{a, b::c};\n// crate::d\nlet x = crate::e::f();"), ["a", "b", "e"].iter().map(|s| s.to_string()).collect());
}
