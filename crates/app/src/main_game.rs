//! A main game as the wager `base`: solved under its optimal strategy for the pay tables it
//! reads (DJ Wild's Blind, Heads-Up's Odds and Bad Beat) or the house way its dealer sets by
//! (Face Up Pai Gow), as one record that `analyze`, `strategy`, `verify` and the report render.
//!
//! Its figures are on three bases, per Ante (the primary), per initial wager (what must be
//! wagered before the deal: 2 Antes in DJ Wild) and per total wagered (raises included: the
//! element of risk, and the basis of the regulator's main-game paybacks).

use num_rational::BigRational;
use num_traits::{One, Zero};
use parsheet_games::strategy::face_up_pai_gow as fupg;
use parsheet_games::strategy::{Solution, StrategyGame};
use parsheet_paytable::Paytable;
use parsheet_tables::GameTables;
use schemars::JsonSchema;
use serde::Serialize;

use crate::pays::Changed;
use crate::vocab::{Assumption, Basis, Count, Exact, Figure, Figures, Source};

/// The house way a Face Up Pai Gow figure is computed against, loaded and validated on every
/// seven-card hand, and where the choice came from.
#[derive(Clone, Debug)]
pub struct HouseWayChoice {
    /// As given: a name from `house-ways/` with options, or a file.
    pub spec: String,
    pub assumption: Assumption,
}

/// The default house way, where the tables file records none.
pub const DEFAULT_HOUSE_WAY: &str = "foxwoods";

/// The house way of a run: `spec` as given, else the default of Face Up Pai Gow's tables (with
/// its basis). Loaded and validated on every seven-card hand before anything is computed.
pub fn house_way_choice(spec: Option<&str>, games: &[GameTables]) -> Result<HouseWayChoice, String> {
    let choice = house_way_named(spec, games);
    let way = parsheet_tables::house_way::load(&choice.spec).map_err(|e| e.to_string())?;
    validated(&choice.spec, &way)?;
    Ok(choice)
}

/// The house way of a run as named (`spec`, else the tables' default), not yet loaded.
pub fn house_way_named(spec: Option<&str>, games: &[GameTables]) -> HouseWayChoice {
    let (spec, assumption) = match spec {
        Some(s) => (s.to_string(), Assumption::given("house-way", parsheet_tables::printable(s))),
        None => {
            let d = games.iter().find(|g| g.game == "face-up-pai-gow").and_then(|g| g.wagers.iter().find_map(|w| w.default_of("house-way")));
            match d {
                Some(d) => (d.value.clone(), Assumption::default("house-way", d.value.clone(), d.basis.clone())),
                None => (
                    DEFAULT_HOUSE_WAY.to_string(),
                    Assumption::default("house-way", DEFAULT_HOUSE_WAY, "688a.11(a) leaves the way to each casino's Rules Submission; Foxwoods is the complete published way parsheet ships"),
                ),
            }
        }
    };
    HouseWayChoice { spec, assumption }
}

/// The progress task of checking way `spec` on every hand of the full deck.
pub fn validation_task(spec: &str) -> String {
    format!("house way {} checked on every hand", parsheet_tables::printable(spec))
}

/// The progress task of Face Up Pai Gow's full-deck count against the way `way_id`.
pub fn count_task(way_id: &str, ace_high: fupg::AceHigh) -> String {
    match ace_high {
        fupg::AceHigh::JokerPlaysAce => format!("face-up-pai-gow ({})", parsheet_tables::printable(way_id)),
        other => format!("face-up-pai-gow ({}, {})", parsheet_tables::printable(way_id), other.id()),
    }
}

/// Validates a way on the full deck once per process, and once per content: a way whose rules
/// were validated before is read from the results cache (`validate_stored`).
fn validated(spec: &str, way: &parsheet_games::house_way::HouseWay) -> Result<(), String> {
    validated_all(&[(spec, way)])
}

/// [`validated`] of several ways, those not validated in this process or the cache checked in
/// one pass (`validate_stored_all`); the first that fails is the error.
fn validated_all(ways: &[(&str, &parsheet_games::house_way::HouseWay)]) -> Result<(), String> {
    static DONE: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());
    let left: Vec<(&str, &parsheet_games::house_way::HouseWay)> = {
        let done = DONE.lock().unwrap_or_else(|e| e.into_inner());
        ways.iter().filter(|(spec, _)| !done.iter().any(|d| d == spec)).copied().collect()
    };
    if left.is_empty() {
        return Ok(());
    }
    let tasks: Vec<crate::progress::Task> = left.iter().map(|(spec, _)| crate::progress::Task::new(validation_task(spec), 1)).collect();
    let results = parsheet_games::house_way::validate_stored_all(&left.iter().map(|w| w.1).collect::<Vec<_>>(), fupg::Deck::FULL);
    for (((spec, way), result), task) in left.iter().zip(results).zip(tasks) {
        result.map_err(|e| format!("house way {}: {e}", parsheet_tables::printable(&way.id)))?;
        task.finish();
        DONE.lock().unwrap_or_else(|e| e.into_inner()).push(spec.to_string());
    }
    Ok(())
}

/// The setting tables this process holds, by reading (`house_ways` counts or reads them).
pub(crate) static SETTING_TABLES: std::sync::Mutex<Vec<(fupg::AceHigh, std::sync::Arc<fupg::table::SettingTable>)>> = std::sync::Mutex::new(Vec::new());

/// The setting table under `reading` where this process already holds it (counted, or read from
/// the cache); nothing is counted or read.
fn setting_table_held(reading: fupg::AceHigh) -> Option<std::sync::Arc<fupg::table::SettingTable>> {
    SETTING_TABLES.lock().unwrap_or_else(|e| e.into_inner()).iter().find(|d| d.0 == reading).map(|d| d.1.clone())
}

/// A way's counts under a reading, with what their count answered ahead of later steps.
struct Counted {
    spec: String,
    reading: fupg::AceHigh,
    way: parsheet_games::house_way::HouseWay,
    counts: fupg::Counts,
    ahead: Option<std::sync::Arc<fupg::Ahead>>,
}

/// The full-deck counts of both policies this process has counted, by way spec and reading.
static COUNTED: std::sync::Mutex<Vec<Counted>> = std::sync::Mutex::new(Vec::new());

/// Face Up Pai Gow's exact full-deck counts against the house way `spec` under an Ace High
/// reading, validated and counted once per process: both policies from one count, or, where
/// this process holds the reading's setting table, the optimal player's from it and the
/// house-way player counted alone (`fupg::count_stored_ahead`; the same counts, under one key).
pub fn face_up_pai_gow_counts(spec: &str, ace_high: fupg::AceHigh) -> Result<(parsheet_games::house_way::HouseWay, fupg::Counts), String> {
    counted_ahead(spec, ace_high, &[]).map(|c| (c.0, c.1))
}

/// [`face_up_pai_gow_counts`], where it counts with the setting table asking ahead what the
/// `further` ways' count and the other reading will ask of the same engine run (`fupg::Ahead`).
fn counted_ahead(spec: &str, ace_high: fupg::AceHigh, further: &[parsheet_games::house_way::HouseWay]) -> Result<(parsheet_games::house_way::HouseWay, fupg::Counts, Option<std::sync::Arc<fupg::Ahead>>), String> {
    let mut done = COUNTED.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(d) = done.iter().find(|d| d.spec == spec && d.reading == ace_high) {
        return Ok((d.way.clone(), d.counts.clone(), d.ahead.clone()));
    }
    let way = parsheet_tables::house_way::load(spec).map_err(|e| e.to_string())?;
    // A way named with its default options spelled out (`foxwoods:full-house-front=the-pair`)
    // sets every hand as the bare name does: the same count.
    if let Some(d) = done.iter().find(|d| d.reading == ace_high && d.way.rules == way.rules) {
        let (counts, ahead) = (d.counts.clone(), d.ahead.clone());
        done.push(Counted { spec: spec.to_string(), reading: ace_high, way: way.clone(), counts: counts.clone(), ahead: ahead.clone() });
        return Ok((way, counts, ahead));
    }
    validated(spec, &way)?;
    let task = crate::progress::Task::new(count_task(&way.id, ace_high), 10_000);
    let progress = |done, total| task.set_fraction(done, total);
    // Another Ace High reading from the text's counts against the same rules, where this process
    // has them: only the dealer hands the two readings tell apart are counted (the optimal
    // player's from the text's setting table and the house-way player's from what the text's
    // count asked ahead, where this process holds them).
    let text = done.iter().find(|d| ace_high != fupg::AceHigh::JokerPlaysAce && d.reading == fupg::AceHigh::JokerPlaysAce && d.way.rules == way.rules);
    let (counts, ahead) = match text {
        Some(text) => {
            let table = setting_table_held(fupg::AceHigh::JokerPlaysAce);
            (fupg::reading_from_text_stored(fupg::Deck::FULL, &way, ace_high, &text.counts, table.as_deref(), text.ahead.as_deref(), &progress)?, None)
        }
        // Where this process holds the setting table (the report counts it first), the optimal
        // player's counts are its lookups and the house-way player is counted alone.
        None => {
            let (counts, ahead) = fupg::count_stored_ahead(fupg::Deck::FULL, &way, ace_high, setting_table_held(ace_high).as_deref(), further, &progress)?;
            (counts, ahead.map(std::sync::Arc::new))
        }
    };
    task.finish();
    done.push(Counted { spec: spec.to_string(), reading: ace_high, way: way.clone(), counts: counts.clone(), ahead: ahead.clone() });
    Ok((way, counts, ahead))
}

/// The progress task of counting `n` further house ways from the default way's counts.
pub fn further_ways_task(n: usize) -> String {
    format!("face-up-pai-gow, {n} further house ways from the default way's count")
}

/// The house-way player's full-deck counts against each of `specs` (win, push, lose against
/// dealers without an Ace High Pai Gow): from his counts against `base_spec` (the counts of both
/// policies, counted once per process) and each way's difference from it, all in one count
/// (the solver's essay, "Further house ways"), every way validated first. Exactly each way's own
/// count (tests on reduced decks for every built-in way and option, and once on the full deck
/// for each way's default options: crates/tables/tests/face_up_pai_gow.rs);
/// `analyze face-up-pai-gow base --house-way SPEC --variant house-way-player` still counts a way
/// on its own.
pub fn face_up_pai_gow_further_ways(base_spec: &str, specs: &[String], ace_high: fupg::AceHigh) -> Result<Vec<fupg::Wpl>, String> {
    if specs.is_empty() {
        return Ok(Vec::new());
    }
    let mut ways = Vec::new();
    for spec in specs {
        ways.push(parsheet_tables::house_way::load(spec).map_err(|e| e.to_string())?);
    }
    // The base and the ways checked together (one pass over the deck's classes for those not
    // checked before), the base first.
    let base_way = parsheet_tables::house_way::load(base_spec).map_err(|e| e.to_string())?;
    validated_all(&std::iter::once((base_spec, &base_way)).chain(specs.iter().map(String::as_str).zip(&ways)).collect::<Vec<_>>())?;
    // The base's count, where this process counts it, asks the ways' first run ahead.
    let (base, counts, ahead) = counted_ahead(base_spec, ace_high, &ways)?;
    let task = crate::progress::Task::new(further_ways_task(ways.len()), 10_000);
    let counted = fupg::further_ways_stored(fupg::Deck::FULL, &ways, &base, (counts.house_way, counts.ace_high), ace_high, ahead.as_deref(), &|done, total| task.set_fraction(done, total))?;
    task.finish();
    Ok(counted.into_iter().map(|c| c.0).collect())
}

/// The Bad Beat table of the loaded tables, if they hold one (677a.12(c) is missing from the
/// text, so the built-in tables hold none).
pub fn bad_beat_table<'a>(g: &'a GameTables, wager: &str, id: Option<&str>) -> Result<Option<&'a Paytable>, String> {
    let Some(w) = g.wagers.iter().find(|w| w.id == wager) else { return Ok(None) };
    let ids: Vec<&str> = w.paytables.iter().map(|p| p.table.id.as_str()).collect();
    match id {
        Some(id) => w.paytables.iter().find(|p| p.table.id == id).map(|p| Some(&p.table)).ok_or_else(|| format!("no {wager} paytable {id:?}; paytables: {}", ids.join(", "))),
        None if ids.len() <= 1 => Ok(w.paytables.first().map(|p| &p.table)),
        None => Err(format!("several {wager} paytables; choose one with --bad-beat ({})", ids.join(", "))),
    }
}

/// A main game solved for one reading and the pay tables it read.
pub struct Solved {
    pub game: &'static StrategyGame,
    pub reading: String,
    /// The paytable of [`StrategyGame::wager`] the strategy played, where it plays one.
    pub paytable: Option<String>,
    /// That paytable's lines (the strategies as data replay it).
    pub table: Option<Paytable>,
    /// The bonus paytable played (Heads-Up Hold 'Em's Bad Beat), where the tables hold one.
    pub bonus: Option<String>,
    /// Face Up Pai Gow's house way, where the game was solved against one.
    pub house_way: Option<String>,
    pub assumptions: Vec<Assumption>,
    /// The lines `--pays` changed in [`Solved::paytable`]'s table it started from.
    pub changed: Vec<parsheet_tables::ChangedLine>,
    pub solution: Solution,
}

/// Solves `g` under `variant` with the pay tables of `games`: the paytable `paytable` of its
/// wager (the only one when `None`) and the bonus table `bonus` (Heads-Up's Bad Beat; the only
/// one when `None`, none where the tables hold none). Face Up Pai Gow is solved against `way`
/// on the full deck.
pub fn solve(games: &[GameTables], g: &'static StrategyGame, variant: Option<&str>, paytable: Option<&str>, bonus: Option<&str>, way: Option<&HouseWayChoice>) -> Result<Solved, String> {
    let (reading, reading_said) = crate::inputs::main_game_reading(g, games, variant)?;
    let mut assumptions = vec![reading_said];
    if g.needs_house_way() {
        let choice = match way {
            Some(w) => w.clone(),
            None => house_way_choice(None, games)?,
        };
        let ace_high = fupg::reading_of(reading).map_or(fupg::AceHigh::JokerPlaysAce, |r| r.1);
        let (way, counts) = face_up_pai_gow_counts(&choice.spec, ace_high)?;
        assumptions.push(choice.assumption.clone());
        let solution = fupg::solution(&counts, fupg::Deck::FULL, reading, &way);
        return Ok(Solved { game: g, reading: reading.to_string(), paytable: None, table: None, bonus: None, house_way: Some(way.id.clone()), assumptions, changed: Vec::new(), solution });
    }
    if let Some(w) = way.filter(|w| w.assumption.source == Source::Given) {
        return Err(format!("--house-way {}: {} has no house way to choose (Face Up Pai Gow's dealer sets by one)", w.spec, g.game));
    }
    if !g.needs_paytable() {
        if let Some(p) = paytable {
            return Err(format!("--paytable {p:?}: the {} main game does not depend on a paytable (its pays are fixed by the rules)", g.game));
        }
        return Ok(Solved { game: g, reading: reading.to_string(), paytable: None, table: None, bonus: None, house_way: None, assumptions, changed: Vec::new(), solution: g.solve(Some(reading), None)? });
    }
    let entry = crate::inputs::select(games, g.game, g.wager, paytable)?;
    assumptions.push(Assumption::new("paytable", entry.table.id.clone(), if paytable.is_some() { Source::Given } else { Source::Default }, paytable.is_none().then(|| format!("the only {} paytable", g.wager))));
    let tables = games.iter().find(|t| t.game == g.game).expect("select found the game");
    let bonus_table = match g.bonus_wager {
        Some(b) => bad_beat_table(tables, b, bonus)?,
        None if bonus.is_some() => return Err(format!("{} has no bonus paytable to choose", g.game)),
        None => None,
    };
    if let Some(b) = g.bonus_wager {
        assumptions.push(match bonus_table {
            Some(t) => Assumption::new(b, t.id.clone(), if bonus.is_some() { Source::Given } else { Source::Default }, None),
            None => Assumption::default(b, "none", "its table (677a.12(c)) is missing from the text; supply one with --tables"),
        });
    }
    let solution = g.solve_with_bonus(Some(reading), Some(&entry.table), bonus_table)?;
    Ok(Solved { game: g, reading: reading.to_string(), paytable: Some(entry.table.id.clone()), table: Some(entry.table.clone()), bonus: bonus_table.map(|t| t.id.clone()), house_way: None, assumptions, changed: entry.changed.clone(), solution })
}

/// One outcome of a main game: a net result per Ante and the deals that end with it.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct NetOutcome {
    pub outcome: String,
    /// Net result per Ante.
    pub net: Exact,
    pub combinations: Count,
    pub probability: Exact,
    /// Its share of the expected net per Ante.
    #[serde(rename = "return")]
    pub contribution: Exact,
}

/// How often an action is taken under the strategy.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct Action {
    pub action: String,
    pub deals: Count,
    pub probability: Exact,
}

/// A main game under its optimal strategy, with every assumption it rests on.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct MainGameAnalysis {
    pub game: String,
    pub wager: String,
    pub title: String,
    pub rules: String,
    pub reading: String,
    pub paytable: Option<String>,
    pub bonus_paytable: Option<String>,
    pub house_way: Option<String>,
    /// Face Up Pai Gow: the house way's options, each with the choice used ("full-house-front =
    /// the-pair (default; choices: the-pair, highest-permissible)").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub house_way_options: Vec<String>,
    /// Face Up Pai Gow: how the player sets the hand, in words (the optimal rule, or the house way).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setting_rule: Option<String>,
    pub assumptions: Vec<Assumption>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub changed_lines: Vec<Changed>,
    pub cycle: Count,
    /// Per Ante (primary), per initial wager, per total wagered.
    #[serde(flatten)]
    pub figures: Figures,
    /// What is wagered before the deal, in Antes.
    pub initial_wager: Exact,
    /// The average total wagered, raises included, in Antes.
    pub average_wager: Exact,
    /// The chance the net result is positive.
    pub hit_frequency: Exact,
    /// Variance of the net result per Ante, and per initial wager.
    pub variance_per_ante: Exact,
    pub variance_per_initial_wager: Exact,
    /// Square roots, for display.
    pub standard_deviation_per_ante: String,
    pub standard_deviation_per_initial_wager: String,
    pub outcomes: Vec<NetOutcome>,
    pub actions: Vec<Action>,
    pub notes: Vec<String>,
}

/// The record of a solution.
pub fn analysis(x: &Solved) -> MainGameAnalysis {
    let s = &x.solution;
    let cycle = s.counts.cycle();
    let ratio = |n: u128, d: u128| BigRational::new(n.into(), d.into());
    let mut mean = BigRational::zero();
    let mut square = BigRational::zero();
    let mut hits = 0u128;
    let outcomes: Vec<NetOutcome> = s
        .counts
        .rows()
        .iter()
        .zip(&s.nets)
        .map(|((o, n), (_, net))| {
            let p = ratio(*n, cycle);
            mean += &p * net;
            square += &p * net * net;
            if *net > BigRational::zero() {
                hits += n;
            }
            NetOutcome { outcome: o.clone(), net: Exact(net.clone()), combinations: Count(*n), probability: Exact(p.clone()), contribution: Exact(&p * net) }
        })
        .collect();
    let variance = &square - &mean * &mean;
    let per_initial = &variance / (&s.initial_wager * &s.initial_wager);
    let sd = |v: &BigRational| format!("{:.6}", parsheet_paytable::Decimal(v).to_f64().sqrt());
    let figures = Figures::new(
        vec![
            Figure::of_net(Basis::PerAnte, &s.expected_net),
            Figure::of_net(Basis::PerInitialWager, &(&s.expected_net / &s.initial_wager)),
            Figure::of_net(Basis::PerTotalWagered, &(&s.expected_net / &s.expected_wager)),
        ],
        Basis::PerAnte,
    );
    MainGameAnalysis {
        game: x.game.game.to_string(),
        wager: parsheet_games::MAIN.to_string(),
        title: x.game.title.to_string(),
        rules: x.game.rules.to_string(),
        reading: x.reading.clone(),
        paytable: x.paytable.clone(),
        bonus_paytable: x.bonus.clone(),
        house_way: x.house_way.clone(),
        house_way_options: x
            .house_way
            .as_ref()
            .and_then(|_| x.assumptions.iter().find(|a| a.name == "house-way"))
            .and_then(|a| parsheet_tables::house_way::chosen_options(&a.value).ok())
            .unwrap_or_default()
            .into_iter()
            .map(|(id, chosen, default, choices)| format!("{id} = {chosen} ({}; choices: {})", if chosen == default { "default".to_string() } else { format!("default {default}") }, choices.join(", ")))
            .collect(),
        setting_rule: x.house_way.as_ref().map(|way| match fupg::reading_of(&x.reading) {
            Some(("optimal-player", _)) => format!("The player sets each hand by the best setting against the dealer's exposed hand: {}", fupg::OPTIMAL_RULE),
            _ => format!("The player sets each hand by the house way {} (688a.11(a)), as the dealer does.", parsheet_tables::printable(way)),
        }),
        assumptions: x.assumptions.clone(),
        changed_lines: crate::pays::changed_records(&x.changed),
        cycle: Count(cycle),
        figures,
        initial_wager: Exact(s.initial_wager.clone()),
        average_wager: Exact(s.expected_wager.clone()),
        hit_frequency: Exact(ratio(hits, cycle)),
        standard_deviation_per_ante: sd(&variance),
        standard_deviation_per_initial_wager: sd(&per_initial),
        variance_per_ante: Exact(variance),
        variance_per_initial_wager: Exact(per_initial),
        outcomes,
        actions: s.actions.iter().map(|(a, n)| Action { action: a.clone(), deals: Count(*n), probability: Exact(ratio(*n, cycle)) }).collect(),
        notes: s.notes.clone(),
    }
}

/// One decision of a strategy: the play and the exact value of every option.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct Decision {
    pub situation: String,
    pub play: String,
    pub deals: Count,
    pub options: Vec<OptionValue>,
}

#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct OptionValue {
    pub play: String,
    /// Expected net of the play, per unit of initial wager.
    pub expected_net: Exact,
}

/// A main game's analysis with its strategy, decision by decision.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct StrategyRecord {
    #[serde(flatten)]
    pub analysis: MainGameAnalysis,
    /// Every play some decision offers, as table columns.
    pub plays: Vec<String>,
    pub decisions: Vec<Decision>,
    /// The strategy as data with the rules a player can follow, each replayed (`plans.rs`);
    /// absent for the games whose complete strategy is not a list of classes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player: Option<crate::plans::PlayerStrategy>,
}

/// The strategy record of a solution.
pub fn strategy(x: &Solved) -> Result<StrategyRecord, String> {
    let s = &x.solution;
    // Plans are replayed without a bonus table (Heads-Up's Bad Beat, which the built-in tables lack).
    let plans = if x.bonus.is_some() { None } else { parsheet_games::strategy::player_strategies(x.game.game, &x.reading, x.table.as_ref())? };
    let player = match plans {
        Some(p) => Some(crate::plans::player_strategy(&p, &s.expected_net, &s.expected_wager)?),
        None => None,
    };
    Ok(StrategyRecord {
        analysis: analysis(x),
        plays: s.plays().iter().map(|p| p.to_string()).collect(),
        decisions: s
            .strategy
            .iter()
            .map(|d| Decision {
                situation: d.situation.clone(),
                play: d.choice.to_string(),
                deals: Count(d.deals),
                options: d.options.iter().map(|(o, v)| OptionValue { play: o.to_string(), expected_net: Exact(v.clone()) }).collect(),
            })
            .collect(),
        player,
    })
}

/// Whether a main game's payback per total wagered is above 100%.
pub fn pays_more_than_it_takes(a: &MainGameAnalysis) -> bool {
    a.figures.get(Basis::PerTotalWagered).and_then(|f| f.payback.as_ref()).is_some_and(|p| *p.value() > BigRational::one())
}

/// Face Up Pai Gow on any deck: both player policies against a house way, from one exact count.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct FaceUpPaiGowPolicies {
    pub game: String,
    pub title: String,
    pub rules: String,
    pub house_way: String,
    pub house_way_title: String,
    /// The deck, `RANKS/SUITS[/joker]`, or `53 cards`.
    pub deck: String,
    pub assumptions: Vec<Assumption>,
    /// One analysis per policy (the optimal player, the player who sets by the house way).
    pub policies: Vec<MainGameAnalysis>,
    /// The optimal setting, in words, right on every deal.
    pub optimal_rule: String,
}

/// Face Up Pai Gow on `deck` against the way `choice`: both policies under the text's Ace High
/// reading, or only the reading `reading` names (a policy, `…-natural-ace-only` for the other
/// Ace High reading), checked.
pub fn face_up_pai_gow_policies(deck: fupg::Deck, deck_text: &str, choice: &HouseWayChoice, reading: Option<&str>) -> Result<FaceUpPaiGowPolicies, String> {
    let g = parsheet_games::strategy::find_strategy("face-up-pai-gow")?;
    let only = reading.map(|r| crate::inputs::main_reading(g, r)).transpose()?;
    let ace_high = only.and_then(fupg::reading_of).map_or(fupg::AceHigh::JokerPlaysAce, |(_, a)| a);
    let way = parsheet_tables::house_way::load(&choice.spec).map_err(|e| e.to_string())?;
    let counts = if deck == fupg::Deck::FULL {
        face_up_pai_gow_counts(&choice.spec, ace_high)?.1
    } else {
        // Every seven-card hand of this deck set, before the solve.
        parsheet_games::house_way::validate_deck(&way, deck).map_err(|e| format!("house way {}: {e}", parsheet_tables::printable(&way.id)))?;
        let task = crate::progress::Task::new(format!("face-up-pai-gow ({})", parsheet_tables::printable(&way.id)), 10_000);
        let c = fupg::count_stored_with(deck, &way, ace_high, &|done, total| task.set_fraction(done, total))?;
        task.finish();
        c
    };
    let mut assumptions = vec![choice.assumption.clone()];
    if deck != fupg::Deck::FULL {
        assumptions.push(Assumption::given("deck", deck_text));
    }
    let readings: Vec<&str> = match only {
        Some(r) => vec![r],
        None => fupg::POLICIES.to_vec(),
    };
    let policies = readings
        .iter()
        .map(|p| {
            let solved = Solved {
                game: g,
                reading: p.to_string(),
                paytable: None,
                table: None,
                bonus: None,
                house_way: Some(way.id.clone()),
                assumptions: [vec![Assumption::given("policy", *p)], assumptions.clone()].concat(),
                changed: vec![],
                solution: fupg::solution(&counts, deck, p, &way),
            };
            analysis(&solved)
        })
        .collect();
    Ok(FaceUpPaiGowPolicies {
        game: g.game.into(),
        title: g.title.into(),
        rules: g.rules.into(),
        house_way: way.id.clone(),
        house_way_title: way.title.clone(),
        deck: deck_text.into(),
        assumptions,
        policies,
        optimal_rule: fupg::OPTIMAL_RULE.into(),
    })
}
