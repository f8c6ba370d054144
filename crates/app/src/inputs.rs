//! What a question is asked about: the paytables (built in, or a directory), a typed `--pays`
//! table, the dealer's house way; and choosing a paytable and a reading within them, with
//! errors that list the choices.

use std::path::Path;

use parsheet_games::strategy::StrategyGame;
use parsheet_tables::{GameTables, PaytableEntry, WagerTables};

use crate::vocab::Assumption;

/// The paytables a question reads, and where they came from (for every output's provenance).
#[derive(Clone)]
pub struct Tables {
    pub games: Vec<GameTables>,
    pub source: String,
}

impl Tables {
    /// The built-in tables, or every table file of `dir` instead.
    pub fn load(dir: Option<&Path>) -> Result<Tables, String> {
        match dir {
            Some(d) => Ok(Tables { games: parsheet_tables::load_dir(d).map_err(|e| e.to_string())?, source: d.display().to_string() }),
            None => Ok(Tables { games: parsheet_tables::builtin().map_err(|e| e.to_string())?, source: "built-in tables/ of parsheet".into() }),
        }
    }

    /// Adds a typed `--pays` table to `game wager`: the paytable a question then works on
    /// (`paytable` itself where nothing is typed).
    pub fn with_pays(&mut self, game: &str, wager: &str, pays: Option<&str>, paytable: Option<&str>) -> Result<Option<String>, String> {
        crate::pays::apply(&mut self.games, game, wager, pays, paytable)
    }
}

/// The tables of `game wager`, with errors that list the choices.
pub fn select_wager<'a>(games: &'a [GameTables], game: &str, wager: &str) -> Result<&'a parsheet_tables::WagerTables, String> {
    let g = games.iter().find(|g| g.game == game).ok_or_else(|| {
        let ids: Vec<&str> = games.iter().map(|g| g.game.as_str()).collect();
        format!("no tables for game {game:?}; games: {}", ids.join(", "))
    })?;
    g.wagers.iter().find(|w| w.id == wager).ok_or_else(|| {
        let ids: Vec<&str> = g.wagers.iter().map(|w| w.id.as_str()).collect();
        format!("no wager {wager:?} in {}; wagers: {}", g.file, ids.join(", "))
    })
}

/// The tables of `game` (and of its `wager` alone, where given) for `verify GAME [WAGER]` and
/// `explain GAME [WAGER]`; an unknown name is refused with the valid ones listed. `base` names
/// the wagers a main game reads (DJ Wild's Blind, say), as `analyze GAME base` does.
pub fn only(games: &[GameTables], game: Option<&str>, wager: Option<&str>) -> Result<Vec<GameTables>, String> {
    let Some(game) = game else { return Ok(games.to_vec()) };
    let mut g = games
        .iter()
        .find(|g| g.game == game)
        .ok_or_else(|| format!("unknown game {:?}; games: {}", crate::printable(game), games.iter().map(|g| g.game.as_str()).collect::<Vec<_>>().join(", ")))?
        .clone();
    if let Some(wager) = wager {
        let main = |id: &str| parsheet_games::strategy::strategy_of_wager(&g.game, id).is_some() && parsheet_games::find(&g.game, id).is_err();
        let keep: Vec<String> = g.wagers.iter().filter(|w| w.id == wager || (wager == parsheet_games::MAIN && main(&w.id))).map(|w| w.id.clone()).collect();
        if keep.is_empty() {
            let mut ids: Vec<&str> = vec![parsheet_games::MAIN];
            ids.extend(g.wagers.iter().map(|w| w.id.as_str()).filter(|id| *id != parsheet_games::MAIN));
            return Err(format!("unknown wager {:?} of {game}; wagers: {}", crate::printable(wager), ids.join(", ")));
        }
        g.wagers.retain(|w| keep.contains(&w.id));
    }
    Ok(vec![g])
}

/// Finds the paytable entry for `game wager [--paytable]`, with errors that list the choices.
pub fn select<'a>(games: &'a [GameTables], game: &str, wager: &str, paytable: Option<&str>) -> Result<&'a PaytableEntry, String> {
    let w = select_wager(games, game, wager)?;
    let file = &games.iter().find(|g| g.game == game).expect("select_wager found it").file;
    let ids: Vec<&str> = w.paytables.iter().map(|p| p.table.id.as_str()).collect();
    if ids.is_empty() {
        return Err(format!("{game} {wager} has no approved paytable in {file}; supply one with --tables DIR"));
    }
    match paytable {
        Some(id) => w.paytables.iter().find(|p| p.table.id == id).ok_or_else(|| format!("no paytable {id:?} for {game} {wager}; paytables: {}", ids.join(", "))),
        None if ids.len() == 1 => Ok(&w.paytables[0]),
        None => Err(format!("{game} {wager} has several paytables; choose one with --paytable ({})", ids.join(", "))),
    }
}

/// The dealer's setting, one option across games: Face Up Pai Gow's house way (a name from
/// `house-ways/` or a file) and Saigon 5 Card's dealer reading `house-<WAY>` (`highest-point`,
/// `lowest-point`). Returns the reading (`variant`, or the Saigon way as one) and the Face Up Pai
/// Gow way.
pub fn house_way<'a>(game: &str, variant: Option<&str>, way: Option<&'a str>) -> Result<(Option<String>, Option<&'a str>), String> {
    let Some(w) = way else { return Ok((variant.map(str::to_string), None)) };
    match game {
        "face-up-pai-gow" => Ok((variant.map(str::to_string), Some(w))),
        "saigon-5-card" => {
            let g = parsheet_games::strategy::find_strategy(game)?;
            let ways: Vec<&str> = g.variants.iter().filter_map(|v| v.id.strip_prefix("house-")).collect();
            if !ways.contains(&w) {
                return Err(format!("--house-way {w:?}: the Saigon 5 Card dealer's ways are {}", ways.join(", ")));
            }
            match variant {
                Some(v) if v != format!("house-{w}") => Err(format!("--house-way {w} and --variant {v} name two dealer settings; give one")),
                _ => Ok((Some(format!("house-{w}")), None)),
            }
        }
        _ => Err(format!("--house-way {w:?}: the dealer of {game} sets no hands; the option is for saigon-5-card (highest-point, lowest-point) and face-up-pai-gow (a name from house-ways/ or a JSON file)")),
    }
}

/// The reading `v` names of a main game, checked (the default is [`main_game_reading`]'s).
pub fn main_reading(g: &StrategyGame, v: &str) -> Result<&'static str, String> {
    g.variants.iter().find(|x| x.id == v).map(|x| x.id).ok_or_else(|| {
        let ids: Vec<&str> = g.variants.iter().map(|x| x.id).collect();
        format!("unknown variant {v:?} of {} base; known variants: {}", g.game, ids.join(", "))
    })
}

/// The reading of main game `g`: the one asked for, else its tables' default (with its basis),
/// else its first.
pub fn main_game_reading(g: &StrategyGame, games: &[GameTables], variant: Option<&str>) -> Result<(&'static str, Assumption), String> {
    if let Some(v) = variant {
        let r = main_reading(g, v)?;
        return Ok((r, Assumption::given("reading", r)));
    }
    let recorded = games.iter().find(|t| t.game == g.game).and_then(|t| t.wagers.iter().find(|w| w.id == g.wager || w.id == parsheet_games::MAIN)).and_then(|w| w.default_of("reading"));
    if let Some(d) = recorded {
        let r = main_reading(g, &d.value)?;
        return Ok((r, Assumption::default("reading", r, d.basis.clone())));
    }
    let r = g.variants[0].id;
    Ok((r, Assumption::default("reading", r, "the game's first reading (its tables file records no default)")))
}

/// Refuses a `--max-pay` that would make the one-line search loop or allocate without end.
pub fn check_max_pay(max_pay: u64) -> Result<(), String> {
    if max_pay == 0 || max_pay > parsheet_paytable::MAX_PAY {
        return Err(format!("--max-pay {max_pay}: give a pay from 1 to {} (to 1)", parsheet_paytable::MAX_PAY));
    }
    Ok(())
}

/// The reading a figure of paytable `entry` of `w` uses, and why: the one asked for, else the
/// one the table prints, else the wager's default (recorded in the tables file with its basis),
/// else the wager's first.
pub fn reading_of(w: &WagerTables, entry: &PaytableEntry, known: &parsheet_games::Wager, asked: Option<&str>) -> (Option<String>, Vec<Assumption>) {
    if known.variants.is_empty() {
        return (None, vec![]);
    }
    if let Some(v) = asked {
        return (Some(v.to_string()), vec![Assumption::given("reading", v)]);
    }
    if let Some(v) = &entry.reading {
        return (Some(v.clone()), vec![Assumption::printed("reading", v.clone())]);
    }
    let (v, a) = wager_default(w, known);
    (Some(v), vec![a])
}

/// A counted wager's default reading (one with readings): its tables' `defaults` with their
/// basis, else its first reading, said so. The one place the implicit default lives.
fn wager_default(w: &WagerTables, known: &parsheet_games::Wager) -> (String, Assumption) {
    if let Some(d) = w.default_of("reading") {
        return (d.value.clone(), Assumption::default("reading", d.value.clone(), d.basis.clone()));
    }
    let first = known.variants[0].id;
    (first.to_string(), Assumption::default("reading", first, "the wager's first reading (its tables file records no default)"))
}

/// The reading every command uses for `wager` of `game` where none is asked and no paytable
/// prints its own (a table's printed reading still wins for that table), with its basis;
/// `None` for a wager with one reading.
pub fn default_reading(games: &[GameTables], game: &str, wager: &str) -> Option<Assumption> {
    if let Some(sg) = parsheet_games::strategy::strategy_of_wager(game, wager) {
        return main_game_reading(sg, games, None).ok().map(|(_, a)| a);
    }
    let known = parsheet_games::find(game, wager).ok()?;
    if known.variants.is_empty() {
        return None;
    }
    let w = games.iter().find(|g| g.game == game)?.wagers.iter().find(|w| w.id == wager)?;
    Some(wager_default(w, known).1)
}

