//! `parsheet strategy <game>`: the optimal strategy of a main game as a table, and the exact
//! results under it.

use parsheet_games::strategy::face_up_pai_gow::Deck;
use parsheet_games::strategy::find_strategy;

#[derive(clap::Args)]
pub struct Args {
    /// Game id (main games parsheet solves: over-under, dj-wild, high-card-flush, saigon-5-card,
    /// heads-up-holdem, face-up-pai-gow).
    game: String,
    /// A named rule reading (default: the first).
    #[arg(long)]
    variant: Option<String>,
    /// The paytable the strategy plays, where it depends on one (DJ Wild's Blind); needed when
    /// there are several.
    #[arg(long)]
    paytable: Option<String>,
    #[command(flatten)]
    tables: crate::TablesArg,
    /// The dealer's setting. Face Up Pai Gow: the house way, a built-in name (foxwoods,
    /// highest-high; options as `foxwoods:full-house-front=highest-permissible`) or a JSON file
    /// (house-ways/README.md), default foxwoods. Saigon 5 Card: highest-point or lowest-point
    /// (the readings house-highest-point, house-lowest-point).
    #[arg(long, value_name = "NAME|FILE")]
    house_way: Option<String>,
    /// Face Up Pai Gow: a reduced deck `RANKS/SUITS[/joker]` (e.g. `TJQKA/3/joker`) instead of
    /// the 53-card deck, for checks and examples; the full deck's exact solve is long.
    #[arg(long)]
    deck: Option<String>,
    /// Face Up Pai Gow: every built-in house way under both policies, the range over every house
    /// way that sets hands alike by ranks, joker and flush ranks, and the default way against the
    /// dealer-best way (the setting table, about 24 CPU-s once, then cached).
    #[arg(long)]
    ways: bool,
    /// Heads-Up Hold 'Em: the Bad Beat paytable (wager "bad-beat" of tables given with
    /// --tables), where the tables hold several; without one the game is solved without Bad Beat.
    #[arg(long)]
    bad_beat: Option<String>,
    /// Heads-Up Hold 'Em: the smallest Raise before the river, in Antes ("1", "1/2").
    #[arg(long, value_name = "X")]
    min_raise: Option<String>,
    /// Heads-Up Hold 'Em: the player's two cards, for the values of one spot ("As 7d").
    #[arg(long)]
    hole: Option<String>,
    /// Heads-Up Hold 'Em: the board seen with --hole: none (pre-flop), the flop, or all five.
    #[arg(long, requires = "hole")]
    board: Option<String>,
    /// Replay a strategy given as data: a CSV file with `class` and `action` columns (what
    /// `--format csv` writes, edited or not), played over every deal; prints its exact house edge
    /// and its cost against the optimal strategy.
    #[arg(long, value_name = "FILE")]
    replay: Option<std::path::PathBuf>,
    #[arg(long, default_value = "table", value_parser = crate::Formats(&[crate::Format::Table, crate::Format::Json, crate::Format::Csv]))]
    format: crate::Format,
    #[command(flatten)]
    pub run: crate::store::RunArgs,
}

/// Whether `--shard` applies: the main games whose solve splits, for the whole strategy.
pub fn sharding(args: &Args) -> Result<(), String> {
    if args.hole.is_some() {
        return Err("--shard splits the whole solve; --hole values one spot".into());
    }
    if args.ways {
        return Err("--shard: --ways prices every house way from one setting table and does not split (a merge could not run it); shard `strategy face-up-pai-gow --house-way WAY` instead".into());
    }
    if crate::store::splits_main_game(&args.game) {
        Ok(())
    } else {
        Err(format!("--shard: the {} strategy takes seconds on one machine and does not split; {}", args.game, crate::store::splitting()))
    }
}

/// Parses `RANKS/SUITS[/joker]`.
pub fn parse_deck(text: &str) -> Result<Deck, String> {
    let parts: Vec<&str> = text.split('/').collect();
    let bad = || format!("deck {text:?}: write RANKS/SUITS[/joker], e.g. TJQKA/3/joker");
    if parts.len() < 2 || parts.len() > 3 || (parts.len() == 3 && parts[2] != "joker") {
        return Err(bad());
    }
    let mut rank_mask = 0u16;
    for c in parts[0].chars() {
        let r = "23456789TJQKA".find(c.to_ascii_uppercase()).ok_or_else(bad)?;
        rank_mask |= 1 << r;
    }
    let suits: u8 = parts[1].parse().ok().filter(|s| (1..=4).contains(s)).ok_or_else(bad)?;
    let deck = Deck { rank_mask, suits, joker: parts.len() == 3 };
    if deck.len() < 14 {
        return Err(format!("deck {text:?} has {} cards; two hands need 14", deck.len()));
    }
    Ok(deck)
}

/// Face Up Pai Gow: both policies against a way, from one exact count (with `--ways`, every
/// way's optimal player from the setting table and the house-way player counted alone).
fn face_up_pai_gow(args: &Args) -> Result<(), String> {
    crate::Format::offer("strategy face-up-pai-gow", args.format, &[crate::Format::Table, crate::Format::Json])?;
    for (name, given) in [("--hole", args.hole.is_some()), ("--board", args.board.is_some()), ("--paytable", args.paytable.is_some()), ("--bad-beat", args.bad_beat.is_some()), ("--min-raise", args.min_raise.is_some())] {
        if given {
            return Err(format!("{name} does not apply to face-up-pai-gow (its Wager has no paytable and no spot to value); give --house-way, --deck, --variant or --ways"));
        }
    }
    if args.ways && args.variant.is_some() {
        return Err("--ways prices both policies under every way; leave out --variant".into());
    }
    let games = args.tables.load()?;
    let choice = parsheet_app::main_game::house_way_choice(args.house_way.as_deref(), &games)?;
    if args.ways {
        if args.deck.is_some() {
            return Err("--ways compares the built-in ways on the 53-card deck; leave out --deck".into());
        }
        let h = parsheet_app::house_ways::house_ways(&games, &choice)?;
        return crate::print(match args.format {
            crate::Format::Json => crate::json(&h),
            _ => parsheet_report::terminal::house_ways_text(&h),
        });
    }
    let (deck, text) = match &args.deck {
        Some(d) => (parse_deck(d)?, d.clone()),
        None => (Deck::FULL, "53 cards".to_string()),
    };
    let f = parsheet_app::main_game::face_up_pai_gow_policies(deck, &text, &choice, args.variant.as_deref())?;
    crate::print(match args.format {
        crate::Format::Json => crate::json(&f),
        _ => parsheet_report::terminal::face_up_pai_gow_text(&f),
    })
}

/// One CSV record: fields split at commas outside double quotes, `""` a quote inside them.
fn csv_fields(line: &str) -> Result<Vec<String>, String> {
    let (mut fields, mut field, mut quoted, mut chars) = (Vec::new(), String::new(), false, line.chars().peekable());
    while let Some(c) = chars.next() {
        match (c, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                chars.next();
                field.push('"');
            }
            ('"', true) => quoted = false,
            ('"', false) if field.is_empty() => quoted = true,
            (',', false) => fields.push(std::mem::take(&mut field)),
            (c, _) => field.push(c),
        }
    }
    if quoted {
        return Err("a quoted field is not closed".into());
    }
    fields.push(field);
    Ok(fields)
}

/// A plan from a CSV file with `class` and `action` columns.
fn read_plan(path: &std::path::Path) -> Result<parsheet_games::plan::Plan, String> {
    let name = path.display();
    // Opened without blocking, at most 64 MB, a byte-order mark (Excel's CSV) dropped.
    let text = parsheet_json::read::read_text(path, parsheet_json::read::REPLAY).map_err(|e| format!("{name}: {e}"))?;
    let mut lines = text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty());
    let header = csv_fields(lines.next().ok_or_else(|| format!("{name}: empty; the first line names the columns (class,action)"))?.1).map_err(|e| format!("{name}: line 1: {e}"))?;
    let column = |c: &str| header.iter().position(|h| h.trim() == c).ok_or_else(|| format!("{name}: line 1: no column {c:?} (the columns are {})", header.join(",")));
    let (class, action) = (column("class")?, column("action")?);
    let mut pairs = Vec::new();
    for (i, l) in lines {
        let f = csv_fields(l).map_err(|e| format!("{name}: line {}: {e}", i + 1))?;
        match (f.get(class), f.get(action)) {
            (Some(c), Some(a)) => pairs.push((c.trim().to_string(), a.trim().to_string())),
            _ => return Err(format!("{name}: line {}: {} fields, fewer than the header's", i + 1, f.len())),
        }
    }
    parsheet_games::plan::Plan::from_actions(pairs).map_err(|e| format!("{name}: {e}"))
}

/// `--replay FILE`: the plan's exact figures.
fn replay(args: &Args, g: &'static parsheet_games::strategy::StrategyGame, file: &std::path::Path) -> Result<(), String> {
    crate::Format::offer("strategy --replay", args.format, &[crate::Format::Table, crate::Format::Json])?;
    for (name, given) in [("--deck", args.deck.is_some()), ("--bad-beat", args.bad_beat.is_some()), ("--min-raise", args.min_raise.is_some()), ("--hole", args.hole.is_some()), ("--board", args.board.is_some())] {
        if given {
            return Err(format!("{name} does not apply to --replay"));
        }
    }
    let plan = read_plan(file)?;
    let (variant, _) = parsheet_app::inputs::house_way(g.game, args.variant.as_deref(), args.house_way.as_deref())?;
    let games = args.tables.load()?;
    let x = parsheet_app::main_game::solve(&games, g, variant.as_deref(), args.paytable.as_deref(), None, None)?;
    let r = parsheet_app::plans::replay_plan(g.game, &x.reading, x.table.as_ref(), x.bonus.is_some(), &x.solution, &plan).map_err(|e| format!("{}: {e}", file.display()))?;
    if args.format == crate::Format::Json {
        return crate::print(crate::json(&r));
    }
    crate::print(parsheet_report::strategy_page::replay_text(&r, &file.display().to_string()))
}

/// Heads-Up Hold 'Em: the strategy with its pre-flop chart and the dealer's rules, or with
/// `--hole` the values of one spot.
fn heads_up(args: &Args, g: &'static parsheet_games::strategy::StrategyGame) -> Result<(), String> {
    crate::Format::offer("strategy heads-up-holdem", args.format, &[crate::Format::Table, crate::Format::Json, crate::Format::Csv])?;
    if args.format == crate::Format::Csv && args.hole.is_some() {
        return Err("--format csv prints the pre-flop chart; --hole values one spot (table or json)".into());
    }
    if args.house_way.is_some() {
        return Err("--house-way: the heads-up-holdem dealer sets no hands".into());
    }
    if args.deck.is_some() {
        return Err("--deck does not apply to heads-up-holdem (it is solved on the 52-card deck; --deck reduces Face Up Pai Gow's); give --variant, --paytable, --bad-beat, --min-raise, or --hole and --board".into());
    }
    let games = args.tables.load()?;
    let asked = parsheet_app::heads_up::Asked { variant: args.variant.as_deref(), paytable: args.paytable.as_deref(), bad_beat: args.bad_beat.as_deref(), min_raise: args.min_raise.as_deref() };
    if let Some(hole) = &args.hole {
        let spot = parsheet_app::heads_up::spot(&games, &asked, hole, args.board.as_deref())?;
        return crate::print(match args.format {
            crate::Format::Json => crate::json(&spot),
            _ => parsheet_report::terminal::heads_up_spot_text(&spot),
        });
    }
    let h = parsheet_app::heads_up::strategy(&games, &asked)?;
    crate::print(match args.format {
        crate::Format::Csv => parsheet_report::strategy_page::plan_csv(&h.player),
        crate::Format::Json => crate::json(&h),
        _ => parsheet_report::terminal::heads_up_text(&h, reading_description(g, &h.analysis.reading)),
    })
}

/// A reading's description, as the game lists it.
fn reading_description(g: &parsheet_games::strategy::StrategyGame, reading: &str) -> &'static str {
    g.variants.iter().find(|v| v.id == reading).map_or("", |v| v.description)
}

pub fn run(args: Args) -> Result<(), String> {
    let g = find_strategy(&args.game)?;
    if args.ways && !g.needs_house_way() {
        return Err(format!("--ways: {} has no house way (Face Up Pai Gow's dealer sets by one)", g.game));
    }
    if let Some(file) = &args.replay {
        if g.needs_house_way() {
            return Err("--replay: Face Up Pai Gow's strategy is a rule in words, not a list of decision classes".into());
        }
        return replay(&args, g, &file.clone());
    }
    if g.needs_house_way() {
        return face_up_pai_gow(&args);
    }
    if g.game == "heads-up-holdem" {
        return heads_up(&args, g);
    }
    crate::Format::offer("strategy", args.format, &[crate::Format::Table, crate::Format::Json, crate::Format::Csv])?;
    for (name, given) in [("--deck", args.deck.is_some()), ("--bad-beat", args.bad_beat.is_some()), ("--min-raise", args.min_raise.is_some()), ("--hole", args.hole.is_some()), ("--board", args.board.is_some())] {
        if given {
            return Err(format!("{name} does not apply to {}", g.game));
        }
    }
    let (variant, _) = parsheet_app::inputs::house_way(g.game, args.variant.as_deref(), args.house_way.as_deref())?;
    let games = args.tables.load()?;
    let x = parsheet_app::main_game::solve(&games, g, variant.as_deref(), args.paytable.as_deref(), None, None)?;
    let st = parsheet_app::main_game::strategy(&x)?;
    if args.format == crate::Format::Json {
        return crate::print(crate::json(&st));
    }
    if args.format == crate::Format::Csv {
        let p = st.player.as_ref().ok_or_else(|| format!("the {} strategy is not a list of decision classes", g.game))?;
        return crate::print(parsheet_report::strategy_page::plan_csv(p));
    }
    let mut text = parsheet_report::terminal::strategy_text(&st, reading_description(g, &x.reading));
    if let Some(p) = &st.player {
        text += &parsheet_report::strategy_page::text(p, st.analysis.cycle.0);
    }
    crate::print(text)
}
