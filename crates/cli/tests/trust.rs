//! A stored file is data (docs/SECURITY.md): no count file can make parsheet run a command,
//! write a file, or print a figure that parsheet, or a holder of the same key, did not compute.
//! Each test reproduces an attack that worked on unsigned (format 1) count files.

mod common;

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use common::{fails, ok, parsheet};
use parsheet_store::{CountFile, SigningKey};

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("parsheet-trust-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn s(p: &Path) -> String {
    p.display().to_string()
}

fn key() -> SigningKey {
    // Made by the first run of any test, or here.
    SigningKey::open_or_create(&common::key_file()).unwrap()
}

/// A reduced-deck Face Up Pai Gow solve in `n` shards, each its own process.
fn shards(dir: &Path, way: &str, n: u32) -> Vec<String> {
    (0..n)
        .map(|k| {
            let file = s(&dir.join(format!("{way}-{k}.json")));
            ok(&["strategy", "face-up-pai-gow", "--deck", "TJQKA/3/joker", "--house-way", way, "--shard", &format!("{k}/{n}"), "--out", &file, "--no-cache"]);
            file
        })
        .collect()
}

/// Rewrites a count file through `edit` and signs it with the tests' key, as a key holder could.
fn resign(path: &str, edit: impl FnOnce(&mut CountFile)) {
    let mut f = CountFile::read(Path::new(path), &key()).unwrap();
    edit(&mut f);
    std::fs::write(path, f.to_bytes(&key())).unwrap();
}

/// The tally with its first count one higher.
fn forge(f: &mut CountFile) {
    let parts: Vec<(String, Vec<i128>)> = f.tally.parts().to_vec();
    let mut t = parsheet_shard::Tally::new();
    for (i, (name, mut values)) in parts.into_iter().enumerate() {
        if i == 0 {
            values[0] += 1;
        }
        t.push(&name, values);
    }
    f.tally = t;
}

#[test]
fn counts_cannot_be_forged_without_the_key_and_recheck_finds_a_forgery_with_it() {
    let dir = temp("forge");
    let files = shards(&dir, "highest-high", 2);
    let single = ok(&["strategy", "face-up-pai-gow", "--deck", "TJQKA/3/joker", "--house-way", "highest-high", "--format", "json", "--no-cache"]);
    assert_eq!(ok(&["merge", &files[0], &files[1], "--format", "json", "--no-cache"]), single);

    // Without the key: a count changed, the rest of the file (its old checksum field is gone)
    // kept. Format 1 let this through with a recomputed checksum.
    let text = std::fs::read_to_string(&files[1]).unwrap();
    let data_at = text.find("\"data\":\"").unwrap() + 8;
    let mut forged = text.clone().into_bytes();
    forged[data_at] = if forged[data_at] == b'A' { b'B' } else { b'A' };
    let forged_path = s(&dir.join("forged.json"));
    std::fs::write(&forged_path, &forged).unwrap();
    let e = fails(&["merge", &files[0], &forged_path, "--no-cache"]);
    assert!(e.contains("forged.json") && e.contains("signature does not match"), "{e}");

    // With the key (a node of a cluster that lies): signed, so only a recount finds it.
    std::fs::copy(&files[1], &forged_path).unwrap();
    resign(&forged_path, forge);
    let e = fails(&["merge", &files[0], &forged_path, "--recheck", "2", "--no-cache"]);
    assert!(e.contains("--recheck") && e.contains("differs") && e.contains("forged.json"), "{e}");
    // A recheck of honest shards merges, and prints what a single run prints.
    assert_eq!(ok(&["merge", &files[0], &files[1], "--recheck", "1", "--seed", "7", "--format", "json", "--no-cache"]), single);
}

#[test]
fn a_shard_command_runs_only_if_it_is_the_shards_own_and_only_reads() {
    let dir = temp("command");
    let files = shards(&dir, "highest-high", 2);
    let victim = dir.join("victim.txt");
    std::fs::write(&victim, "precious").unwrap();
    let report_dir = dir.join("report-here");
    let attacks: Vec<Vec<String>> = vec![
        ["explore", "high-card-flush", "flush-bonus", "--paytable", "C", "--target-edge", "5%", "--line", "4-card-flush", "--write", &s(&victim), "--force"].map(String::from).to_vec(),
        ["report", "--out", &s(&report_dir)].map(String::from).to_vec(),
        ["strategy", "face-up-pai-gow", "--deck", "TJQKA/3/joker", "--shard", "0/2", "--out", &s(&victim), "--force"].map(String::from).to_vec(),
        ["explore", "high-card-flush", "flush-bonus", "--paytable", "C", "--search=4%..6%", "--write=x.json"].map(String::from).to_vec(),
    ];
    for attack in &attacks {
        for f in &files {
            let mut text = std::fs::read_to_string(f).unwrap();
            // Without the key: the command edited in place.
            let start = text.find("\"command\":").unwrap();
            let end = text[start..].find(']').unwrap() + start + 1;
            text.replace_range(start..end, &format!("\"command\":{}", serde_json::to_string(attack).unwrap()));
            std::fs::write(f.replace(".json", ".edited.json"), text).unwrap();
            // With the key.
            std::fs::copy(f, f.replace(".json", ".signed.json")).unwrap();
            resign(&f.replace(".json", ".signed.json"), |c| c.command = Some(attack.clone()));
        }
        for variant in ["edited", "signed"] {
            let fs: Vec<String> = files.iter().map(|f| f.replace(".json", &format!(".{variant}.json"))).collect();
            let e = fails(&["merge", &fs[0], &fs[1], "--no-cache"]);
            let why = if variant == "edited" { "signature does not match" } else { "a merge runs only analyze, strategy and explore --search" };
            assert!(e.contains(why), "{attack:?} {variant}: {e}");
        }
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious", "{attack:?}");
        assert!(!report_dir.exists() && !Path::new("x.json").exists(), "{attack:?}");
    }
    // A command that only reads, signed, but whose computation is not the shards': refused
    // before it prints anything (`fails` checks stdout is empty).
    for f in &files {
        resign(f, |c| c.command = Some(["strategy", "face-up-pai-gow", "--deck", "TJQKA/3/joker", "--house-way", "foxwoods"].map(String::from).to_vec()));
    }
    let e = fails(&["merge", &files[0], &files[1], "--no-cache"]);
    assert!(e.contains("other inputs"), "{e}");
}

#[test]
fn count_files_are_read_strictly() {
    let dir = temp("strict");
    let files = shards(&dir, "foxwoods", 2);
    // A key repeated in one object, signed: the last would win in a lax reader.
    let text = std::fs::read_to_string(&files[0]).unwrap();
    let body = format!("{}}}", &text[..text.rfind(",\"mac\"").unwrap()]);
    let doubled = body.replacen("\"format\":2,", "\"format\":2,\"shard\":\"1/2\",", 1);
    let mut bytes = doubled.clone().into_bytes();
    let mac = key().sign(&bytes);
    bytes.pop();
    bytes.extend_from_slice(format!(",\"mac\":\"{mac}\"}}\n").as_bytes());
    std::fs::write(&files[0], &bytes).unwrap();
    let e = fails(&["merge", &files[0], &files[1], "--no-cache"]);
    assert!(e.contains("appears twice"), "{e}");
    // A FIFO given as a shard: refused at once (a blocking open would wait for a writer).
    let fifo = dir.join("fifo.json");
    assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let e = fails(&["merge", &s(&fifo), &files[1], "--no-cache"]);
    assert!(e.contains("FIFO") && e.contains("not a regular file"), "{e}");
    // A format-1 file (unsigned): recount.
    let old = s(&dir.join("old.json"));
    std::fs::write(&old, r#"{"parsheet":"shard","format":1,"fingerprint":"x","tally_sha256":"y","tally":{}}"#).unwrap();
    let e = fails(&["merge", &old, &files[1], "--no-cache"]);
    assert!(e.contains("format 1") && e.contains("recount"), "{e}");
    // No key file where the merge looks: said so, with what to do.
    let out = common::command().env("PARSHEET_KEY_FILE", dir.join("no-key")).args(["merge", &files[1], "--no-cache"]).output().unwrap();
    let e = String::from_utf8(out.stderr).unwrap();
    assert!(!out.status.success() && e.contains("no key file") && e.contains("PARSHEET_KEY_FILE"), "{e}");
    // A key file others can read.
    let open_key = dir.join("open-key");
    std::fs::copy(common::key_file(), &open_key).unwrap();
    std::fs::set_permissions(&open_key, std::fs::Permissions::from_mode(0o644)).unwrap();
    let out = common::command().env("PARSHEET_KEY_FILE", &open_key).args(["merge", &files[1], "--no-cache"]).output().unwrap();
    let e = String::from_utf8(out.stderr).unwrap();
    assert!(!out.status.success() && e.contains("chmod 600"), "{e}");
}

#[test]
fn the_cache_holds_only_signed_whole_counts_its_owner_wrote() {
    let dir = temp("cache");
    let cache = dir.join("cache");
    let fortune = ["analyze", "face-up-pai-gow", "fortune-bonus", "--paytable", "1", "--format", "json", "--cache", &s(&cache)];
    let figure = |out: &str| serde_json::from_str::<serde_json::Value>(out).unwrap()["payback"].as_str().unwrap_or("").to_string();
    // Made at umask 000: still private.
    let run = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("umask 000; exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_parsheet"))
        .args(fortune)
        .env("PARSHEET_KEY_FILE", common::key_file())
        .output()
        .unwrap();
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    let truth = String::from_utf8(run.stdout).unwrap();
    let (num, den) = figure(&truth).split_once('/').map(|(n, d)| (n.parse::<f64>().unwrap(), d.parse::<f64>().unwrap())).unwrap();
    assert_eq!(format!("{:.4}", 100.0 * num / den), "91.8683", "the published payback of paytable 1");
    assert_eq!(std::fs::metadata(&cache).unwrap().permissions().mode() & 0o777, 0o700);
    let entries: Vec<PathBuf> = std::fs::read_dir(&cache).unwrap().map(|e| e.unwrap().path()).collect();
    assert_eq!(entries.len(), 1);
    let entry = &entries[0];
    assert_eq!(std::fs::metadata(entry).unwrap().permissions().mode() & 0o777, 0o600);

    // Poisoned without the key: ignored, recomputed, the true figure printed.
    let text = std::fs::read_to_string(entry).unwrap();
    let data_at = text.find("\"data\":\"").unwrap() + 8;
    let mut poisoned = text.clone().into_bytes();
    poisoned[data_at] = if poisoned[data_at] == b'A' { b'B' } else { b'A' };
    std::fs::write(entry, &poisoned).unwrap();
    let out = parsheet(&fortune);
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("ignoring the cache entry") && err.contains("signature"), "{err}");
    assert_eq!(figure(&String::from_utf8(out.stdout).unwrap()), figure(&truth));

    // A shard of the same computation, signed with the key, copied to the entry's name: it is
    // one shard's counts, never read as the whole.
    let shard = s(&dir.join("shard.json"));
    let mut args = fortune[..fortune.len() - 4].to_vec();
    args.extend(["--shard", "0/3", "--out", &shard, "--no-cache"]);
    ok(&args);
    std::fs::copy(&shard, entry).unwrap();
    let out = parsheet(&fortune);
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("ignoring the cache entry") && err.contains("shard file"), "{err}");
    assert_eq!(figure(&String::from_utf8(out.stdout).unwrap()), figure(&truth));

    // A cache directory others can write is refused, with the fix.
    std::fs::set_permissions(&cache, std::fs::Permissions::from_mode(0o777)).unwrap();
    let e = fails(&fortune);
    assert!(e.contains("can be written by others") && e.contains("chmod 700"), "{e}");
}

/// The format as docs/JSON.md states it, checked by another HMAC implementation: the shell
/// pipeline of the docs, with openssl (skipped, saying so, where openssl is missing).
#[test]
fn the_signature_is_the_documented_hmac() {
    if std::process::Command::new("openssl").arg("version").output().is_err() {
        eprintln!("SKIPPED: no openssl to check the documented HMAC with");
        return;
    }
    let dir = temp("openssl");
    let files = shards(&dir, "foxwoods", 2);
    let script = r#"key=$(cat "$PARSHEET_KEY_FILE"); head -c -1 "$1" | sed 's/,"mac":"[0-9a-f]*"}$/}/' | tr -d '\n' | openssl dgst -sha256 -mac HMAC -macopt hexkey:$key"#;
    let out = std::process::Command::new("sh").arg("-c").arg(script).arg("sh").arg(&files[0]).env("PARSHEET_KEY_FILE", common::key_file()).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let digest = String::from_utf8(out.stdout).unwrap();
    let digest = digest.trim().rsplit(' ').next().unwrap().to_string();
    let text = std::fs::read_to_string(&files[0]).unwrap();
    assert!(text.ends_with(&format!(",\"mac\":\"{digest}\"}}\n")), "openssl says {digest}; the file ends {}", &text[text.len() - 80..]);
}

/// Without a usable key (one that cannot be created: `/sys` is read-only even for root), a
/// command that computes warns once, naming PARSHEET_KEY_FILE and --no-cache, and prints what
/// `--no-cache` prints; a shard, which must be signed, still fails, saying why. No temporary
/// key file is left.
#[test]
fn without_a_usable_key_commands_compute_without_the_cache_and_shards_refuse() {
    let dir = temp("no-key");
    let cache = dir.join("cache");
    for key in ["/sys/parsheet-key", "/proc/parsheet/key"] {
        let run = |args: &[&str]| common::command().env("PARSHEET_KEY_FILE", key).env("PARSHEET_CACHE", &cache).args(args).output().unwrap();
        let out = run(&["analyze", "over-under", "bonus", "--format", "json"]);
        let e = String::from_utf8(out.stderr).unwrap();
        assert!(out.status.success(), "{e}");
        assert_eq!(e.matches("warning").count(), 1, "{e}");
        assert!(e.contains("PARSHEET_KEY_FILE") && e.contains("--no-cache") && e.contains("without the results cache"), "{e}");
        assert_eq!(String::from_utf8(out.stdout).unwrap(), ok(&["analyze", "over-under", "bonus", "--format", "json", "--no-cache"]));
        let shard = dir.join("shard.json");
        let out = run(&["strategy", "face-up-pai-gow", "--deck", "TJQKA/3/joker", "--shard", "0/2", "--out", shard.to_str().unwrap()]);
        let e = String::from_utf8(out.stderr).unwrap();
        assert!(!out.status.success() && e.contains("--shard and merge need a usable key") && e.contains("PARSHEET_KEY_FILE"), "{e}");
        assert!(!shard.exists());
    }
    assert!(!cache.exists() || std::fs::read_dir(&cache).unwrap().next().is_none(), "nothing was cached");
}
