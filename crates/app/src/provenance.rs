//! Where a report came from: the date, the program (version, build hash, commit) and the exact
//! data it read (a SHA-256 per tables file and house-way file), and the command.
//!
//! A lab signs a file, not a program run, so the file must name everything its figures depend
//! on. The build hash is the one count files carry (the CLI's `build.rs` hashes every source
//! file), so a report and the cached counts it used name the same build. The date is an input
//! here, not read from a clock: the program passes `SOURCE_DATE_EPOCH` when it is set, so two
//! runs of one build over the same data write the same bytes and can be compared with `cmp`.

use parsheet_tables::GameTables;
use schemars::JsonSchema;
use serde::Serialize;

use crate::main_game::HouseWayChoice;

/// A file read, by name, and the SHA-256 of its bytes (hex).
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct FileDigest {
    pub file: String,
    pub sha256: String,
}

/// The provenance of one run.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct Provenance {
    /// When the run was made, UTC (`SOURCE_DATE_EPOCH` where set), as `YYYY-MM-DDTHH:MM:SSZ`.
    pub date: String,
    /// parsheet's version.
    pub version: String,
    /// The build hash that count files carry: SHA-256 of every source file of the build.
    pub build: String,
    /// The git commit the program was built from, where known (absent when built without git).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub commit: Option<String>,
    /// Every tables file read.
    pub tables: Vec<FileDigest>,
    /// The house-way files Face Up Pai Gow's main game was computed against.
    pub house_ways: Vec<FileDigest>,
    /// The command line, arguments joined by spaces (each quoted where it needs it).
    pub command: String,
}

/// What the program knows about itself, passed in by the binary (the app has no build script).
#[derive(Clone, Copy, Debug)]
pub struct Program<'a> {
    pub build: &'a str,
    pub commit: Option<&'a str>,
}

impl Provenance {
    /// The provenance of a run over `games` (and Face Up Pai Gow's `house_way`, where used) at
    /// `epoch` seconds since 1970 UTC, made by `args` (the command line, program name first).
    pub fn new(program: Program, games: &[GameTables], house_way: Option<&HouseWayChoice>, args: &[String], epoch: i64) -> Result<Provenance, String> {
        // Every file read: the way given, and, where Face Up Pai Gow's main game is priced (its
        // section prices every built-in way beside the one given), every built-in way.
        let mut house_ways = Vec::new();
        if let Some(h) = house_way {
            let (file, sha256) = parsheet_tables::house_way::digest(&h.spec).map_err(|e| e.to_string())?;
            house_ways.push(FileDigest { file, sha256 });
            for id in parsheet_tables::house_way::builtin_ids() {
                let (file, sha256) = parsheet_tables::house_way::digest(&id).map_err(|e| e.to_string())?;
                if !house_ways.iter().any(|d| d.file == file) {
                    house_ways.push(FileDigest { file, sha256 });
                }
            }
        }
        Ok(Provenance {
            date: utc_date(epoch),
            version: env!("CARGO_PKG_VERSION").into(),
            build: program.build.into(),
            commit: program.commit.filter(|c| !c.is_empty()).map(str::to_string),
            tables: games.iter().map(|g| FileDigest { file: g.file.clone(), sha256: g.sha256.clone() }).collect(),
            house_ways,
            command: command_line(args),
        })
    }

    /// The record as (field, value) rows, one per file: `provenance.csv` and the page footers.
    pub fn rows(&self) -> Vec<(String, String)> {
        let mut out = vec![("date".to_string(), self.date.clone()), ("version".into(), self.version.clone()), ("build".into(), self.build.clone())];
        if let Some(c) = &self.commit {
            out.push(("commit".into(), c.clone()));
        }
        for t in &self.tables {
            out.push((format!("tables {}", t.file), t.sha256.clone()));
        }
        for h in &self.house_ways {
            out.push((format!("house way {}", h.file), h.sha256.clone()));
        }
        out.push(("command".into(), self.command.clone()));
        out
    }
}

/// The arguments as one line a shell would read back: the program by its file name (so a run
/// of `./target/release/parsheet` and one of `parsheet` on the PATH read the same), an argument
/// with anything but `[A-Za-z0-9_./:=,+@%-]` single-quoted, control characters escaped.
pub fn command_line(args: &[String]) -> String {
    let program = args.first().map(|a| std::path::Path::new(a).file_name().map_or(a.clone(), |n| n.to_string_lossy().into_owned()));
    let args: Vec<String> = program.into_iter().chain(args.iter().skip(1).cloned()).collect();
    let plain = |a: &str| !a.is_empty() && a.chars().all(|c| c.is_ascii_alphanumeric() || "_./:=,+-@%".contains(c));
    args.iter()
        .map(|a| {
            let a = parsheet_tables::printable(a);
            if plain(&a) {
                a
            } else {
                format!("'{}'", a.replace('\'', "'\\''"))
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// `epoch` seconds as a UTC date and time, `YYYY-MM-DDTHH:MM:SSZ` (proleptic Gregorian).
pub fn utc_date(epoch: i64) -> String {
    let (days, secs) = (epoch.div_euclid(86_400), epoch.rem_euclid(86_400));
    // Days to a civil date (H. Hinnant's algorithm): eras of 400 years from 0000-03-01.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z", secs / 3600, secs % 3600 / 60, secs % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_the_calendar_ones() {
        // Fixed points of the calendar: the epoch, a leap day, the end of a century year that is
        // not a leap year, and a date of `date -u -d @1764190321` (2025-11-26T20:52:01Z).
        assert_eq!(utc_date(0), "1970-01-01T00:00:00Z");
        assert_eq!(utc_date(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(utc_date(4_107_542_399), "2100-02-28T23:59:59Z");
        assert_eq!(utc_date(4_107_542_400), "2100-03-01T00:00:00Z");
        assert_eq!(utc_date(1_764_190_321), "2025-11-26T20:52:01Z");
        assert_eq!(utc_date(-1), "1969-12-31T23:59:59Z");
    }

    #[test]
    fn a_command_reads_back_in_a_shell() {
        let args: Vec<String> = ["./target/release/parsheet", "report", "--out", "my report", "--tables", "it's"].map(String::from).to_vec();
        assert_eq!(command_line(&args), "parsheet report --out 'my report' --tables 'it'\\''s'");
    }
}
