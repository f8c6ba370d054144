//! The build's fingerprint: a SHA-256 of every source file and manifest of the workspace that
//! goes into the binary, so that counts kept on disk (the results cache, shard files) are never
//! used by a build whose code differs, whatever its version number says. Tests, docs and data
//! files (`tables/`, `house-ways/`) are left out: the data a count depends on enters its own
//! key as content.

use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

fn main() {
    // Read when the script runs, not baked in when it is compiled: a checkout elsewhere that
    // shares this target directory (.ci/readme's clone) reuses the compiled script.
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let root = Path::new(&manifest).join("../..");
    let mut paths = vec![root.join("Cargo.toml"), root.join("Cargo.lock")];
    let crates = root.join("crates");
    let mut names: Vec<PathBuf> = std::fs::read_dir(&crates).expect("crates/").flatten().map(|e| e.path()).collect();
    names.sort();
    for c in names {
        paths.push(c.join("Cargo.toml"));
        paths.push(c.join("build.rs"));
        files(&c.join("src"), &mut paths);
        println!("cargo:rerun-if-changed={}", c.join("src").display());
        println!("cargo:rerun-if-changed={}", c.join("Cargo.toml").display());
    }
    println!("cargo:rerun-if-changed={}", root.join("Cargo.lock").display());
    println!("cargo:rerun-if-changed={}", root.join("Cargo.toml").display());
    paths.sort();
    paths.dedup();
    let mut h = Sha256::new();
    for p in &paths {
        let Ok(bytes) = std::fs::read(p) else { continue };
        let name = p.strip_prefix(&root).unwrap_or(p).to_string_lossy().replace('\\', "/");
        h.update((name.len() as u64).to_le_bytes());
        h.update(name.as_bytes());
        h.update((bytes.len() as u64).to_le_bytes());
        h.update(&bytes);
    }
    let hex: String = h.finalize().iter().map(|b| format!("{b:02x}")).collect();
    println!("cargo:rustc-env=PARSHEET_BUILD={hex}");
    commit(&root);
}

/// The commit the binary is built from, as `PARSHEET_COMMIT`: the variable itself where the
/// builder sets it (a source tarball, a packager), else `git rev-parse HEAD` with `-dirty` when
/// tracked files differ from it; nothing at all without git, and never a failed build.
fn commit(root: &Path) {
    println!("cargo:rerun-if-env-changed=PARSHEET_COMMIT");
    if let Ok(c) = std::env::var("PARSHEET_COMMIT") {
        println!("cargo:rustc-env=PARSHEET_COMMIT={c}");
        return;
    }
    let git = |args: &[&str]| {
        std::process::Command::new("git").args(args).current_dir(root).output().ok().filter(|o| o.status.success()).map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
    };
    let Some(head) = git(&["rev-parse", "HEAD"]).filter(|h| h.len() == 40 && h.bytes().all(|b| b.is_ascii_hexdigit())) else {
        println!("cargo:rustc-env=PARSHEET_COMMIT=");
        return;
    };
    // Built again when HEAD moves: the file HEAD and the branch it names (git-path finds them
    // in a worktree too). Only files that exist: cargo reruns a script whose watched file is
    // missing on every build.
    let mut watched = vec!["HEAD".to_string(), "packed-refs".to_string()];
    watched.extend(git(&["symbolic-ref", "-q", "HEAD"]));
    for path in watched {
        if let Some(p) = git(&["rev-parse", "--git-path", &path]).map(|p| root.join(p)).filter(|p| p.exists()) {
            println!("cargo:rerun-if-changed={}", p.display());
        }
    }
    let dirty = std::process::Command::new("git").args(["diff", "--quiet", "HEAD", "--"]).current_dir(root).status().is_ok_and(|s| s.code() == Some(1));
    println!("cargo:rustc-env=PARSHEET_COMMIT={head}{}", if dirty { "-dirty" } else { "" });
}
