//! [`Game`]: the state of one game and its public API.
//!
//! Methods are grouped as in quinn-proto: constructors, input (`act`), and queries (`prompts`,
//! `view`, `record`). The resolution machinery that runs between two decisions lives in
//! `resolve/` and `flow/`; this file only owns the state and the entry points.

use rand_chacha::ChaCha8Rng;
use std::borrow::Cow;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::action::Action;
use crate::card::{Card, CardId, CardKind};
use crate::deck::Deck;
use crate::def::skill::Period;
use crate::def::{ModeDef, Registry};
use crate::error::{ActionError, SetupError};
use crate::event::{Event, Outcome};
use crate::ids::{GeneralId, MarkId, SkillId};
use crate::prompt::{Phase, Prompt};
use crate::record::{Record, Setup};
use crate::resolve::{CardUse, Frame, Reply, TimingData};
use crate::ruleset::{Options, Ruleset};
use crate::seat::{Gender, Kingdom, Role, Seat};
use crate::zone::{Table, Visibility, Zone};

/// One seat's character: general, role, HP, and the lasting state the rules give it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SeatState {
    pub general: GeneralId,
    pub role: Role,
    pub hp: i8,
    pub max_hp: u8,
    pub alive: bool,
    pub gender: Gender,
    pub kingdom: Kingdom,
    /// The skills it has now: its general's, those gained, less those lost (equipment skills
    /// are derived from the equipment area). Borrowed from the roster until one is gained or
    /// lost, so a view copies no list.
    pub skills: Cow<'static, [SkillId]>,
    /// 标记 Marks, in the order they were first placed.
    pub marks: Vec<Mark>,
    /// 翻面 Its general is face down (its next turn is skipped to turn it face up).
    pub turned: bool,
    /// 横置 Chained (铁索连环).
    pub chained: bool,
    /// 限定技 used.
    pub limited_used: Vec<SkillId>,
    /// 觉醒技 awakened.
    pub awakened: Vec<SkillId>,
    /// Its role was shown to everyone while it lives (转世: a reincarnated character, V-ZS-6).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub role_shown: bool,
}

/// 标记 A mark on a character: a counter a skill or card keeps, with who may see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Mark {
    pub id: MarkId,
    pub count: u16,
    pub visibility: Visibility,
}

/// How many times a seat has used a skill in the current period of its limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Usage {
    pub seat: Seat,
    pub skill: SkillId,
    pub period: Period,
    pub count: u8,
}

/// Per-turn bookkeeping of the current seat.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Turn {
    pub seat: Seat,
    /// The phase under way — already the coming one while its "before" triggers run (克己).
    pub phase: Option<Phase>,
    /// The phase last announced (started or skipped): what every seat sees.
    pub announced: Option<Phase>,
    /// 杀 used in this play phase (counted against the limit).
    pub slashes_used: u8,
    /// Phases to skip this turn (乐不思蜀 …), by `Phase` order.
    pub skip: [bool; 6],
    /// Numbers kept by skills for this turn, keyed by skill (裸衣's bonus, 仁德's count …).
    pub marks: Vec<(SkillId, u8)>,
    /// A 杀 was used or played during this turn's play phase (克己).
    pub slash_in_play_phase: bool,
    /// Turns started so far in the game.
    pub number: u32,
    /// Cards used this turn in its play phase, by kind (酒 is once per turn).
    #[serde(default)]
    pub cards_used: Vec<(CardKind, u8)>,
    /// Cards of its own the current seat discarded during its discard phase, for any reason
    /// (琴音, W-QINYIN-1).
    #[serde(default)]
    pub discarded: u8,
    /// The hand cards the current seat put into the discard pile during its discard phase, in
    /// order (固政).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub discarded_cards: Vec<CardId>,
    /// The turn ends at once: its general died in it and the next one came out (1v1, M-1V1-5).
    #[serde(default)]
    pub over: bool,
    /// The phase under way ends before its next step (双刃's loss ends the play phase).
    #[serde(default)]
    pub ends_phase: bool,
}

impl Turn {
    pub fn mark(&self, skill: SkillId) -> u8 {
        self.marks
            .iter()
            .find(|(s, _)| *s == skill)
            .map_or(0, |(_, n)| *n)
    }

    /// How many cards of `kind` were used this turn in its play phase.
    pub fn used(&self, kind: CardKind) -> u8 {
        self.cards_used
            .iter()
            .find(|(k, _)| *k == kind)
            .map_or(0, |(_, n)| *n)
    }

    /// Counts a play-phase use of a card of `kind`.
    pub(crate) fn count_use(&mut self, kind: CardKind) {
        match self.cards_used.iter_mut().find(|(k, _)| *k == kind) {
            Some(entry) => entry.1 = entry.1.saturating_add(1),
            None => self.cards_used.push((kind, 1)),
        }
    }

    pub fn set_mark(&mut self, skill: SkillId, value: u8) {
        match self.marks.iter_mut().find(|(s, _)| *s == skill) {
            Some(entry) => entry.1 = value,
            None => self.marks.push((skill, value)),
        }
    }
}

/// A game in progress (or finished). `Clone` so bots can search and tests can snapshot it.
/// Everything but the references to its definitions is plain data.
#[derive(Clone, Debug)]
pub struct Game {
    /// The definitions this game was set up with.
    pub(crate) registry: &'static Registry,
    /// Its mode, from the ruleset.
    pub(crate) mode: &'static ModeDef,
    /// Its own card table, from the ruleset's card packs.
    pub(crate) deck: Deck,
    /// The generals of the ruleset's general packs, in pack order: what selection draws from.
    pub(crate) general_pool: Vec<GeneralId>,
    pub(crate) setup: Setup,
    pub(crate) seed: u64,
    pub(crate) rng: ChaCha8Rng,
    pub(crate) table: Table,
    pub(crate) seats: Vec<SeatState>,
    pub(crate) turn: Turn,
    /// Where the engine waits: a stack of procedure frames (plain data).
    pub(crate) stack: Vec<Frame>,
    /// The pending decisions (several at once only for windows anyone may answer).
    pub(crate) prompts: Vec<Prompt>,
    /// The value handed from a finished child frame (or an answer) to its parent.
    pub(crate) reply: Reply,
    /// Card uses being resolved, innermost last; frames refer to them by index.
    pub(crate) uses: Vec<CardUse>,
    /// Moves that skills may react to, waiting for the current step to finish.
    pub(crate) notices: Vec<TimingData>,
    /// A hand card another seat has just picked (its owner, the picker), noticed when it moves.
    pub(crate) picked: Option<(CardId, Seat, Seat)>,
    pub(crate) outcome: Option<Outcome>,
    /// Events since the last `act`, drained by it.
    pub(crate) events: Vec<Event>,
    /// Running hash of every event so far.
    pub(crate) hash: u64,
    pub(crate) actions: Vec<(Seat, Action)>,
    /// Uses of limited skills in their current periods (`Game::invoke` counts them).
    pub(crate) usage: Vec<Usage>,
    /// Extra turns to play before the normal turn order goes on, first first.
    pub(crate) extra_turns: Vec<Seat>,
    /// Rounds begun (a round begins with the first seat's turn).
    pub(crate) round: u32,
    /// While set, a death does not check the mode's victory: whoever set it (a procedure with
    /// simultaneous deaths) checks once when they are all resolved.
    pub(crate) victory_deferred: bool,
    /// Numbers a mode's rules keep across the game, by the mode's own indexes (identity: the
    /// round from which three survivors were counted, V-3S).
    pub(crate) mode_counters: Vec<u32>,
    /// Every death so far, in order, with its killer (the source of the fatal damage): what a
    /// 计分赛 series scores (V-JF) and whom 暗魂 protects next (V-AH-1).
    pub(crate) deaths: Vec<(Seat, Option<Seat>)>,
    /// 暗魂 first-out protection in a series (V-AH): ended, and whom the protected attacked.
    pub(crate) anhun: crate::modes::identity::anhun::State,
    /// The seats' line-ups, in modes where a seat plays several generals in turn (1v1).
    pub(crate) lineups: crate::flow::lineup::Lineups,
    /// Each seat's two generals, in modes that deal them (国战); empty otherwise.
    pub(crate) duos: Vec<crate::flow::duo::Duo>,
    /// An answer that declared a hidden general's skill, held while the rewards of that reveal
    /// resolve first (国战 H-REW-4, `flow/hidden.rs`).
    pub(crate) held_answer: Option<(Seat, Action)>,
    /// The seat whose turn comes next and whether a new round begins with it, as the mode's
    /// turn order set it (3v3).
    pub(crate) next_turn: Option<(Seat, bool)>,
    /// Does any registered skill filter how cards count? (If not, a card is as printed.)
    pub(crate) has_filters: bool,
    /// Does any registered skill lend an active use to other seats (黄天)?
    pub(crate) has_lent: bool,
    /// Does any registered skill silence its owner's other skills (缠怨)?
    pub(crate) has_silencers: bool,
    /// Some skill in play acts after its owner recovers (`SkillDef::recovered`).
    pub(crate) has_recovered_hooks: bool,
    /// The timings some registered skill hooks (a bit per `Timing`): a window at any other
    /// timing has nothing to collect.
    pub(crate) hooked: u32,
    /// The roles dealt, sorted (public: every view shows them).
    pub(crate) dealt: Arc<[Role]>,
}

/// The events one `act` (or the start) produced, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Events(pub Vec<Event>);

impl Events {
    /// What `viewer` (`None` = spectator) may see of these events.
    pub fn for_viewer(&self, viewer: Option<Seat>) -> Vec<crate::view::EventView> {
        self.0
            .iter()
            .filter_map(|e| crate::view::redact(e, viewer))
            .collect()
    }
}

impl Game {
    // ---- constructors -------------------------------------------------------------------

    /// Starts a game from `setup` and `seed` with the definitions of `registry`, and runs it to
    /// the first decision. (`Game::new` and `Game::from_scenario` use the engine's own registry.)
    pub fn with_registry(
        registry: &'static Registry,
        setup: Setup,
        seed: u64,
    ) -> Result<Game, SetupError> {
        crate::setup::new_game(registry, setup, seed)
    }

    // ---- input --------------------------------------------------------------------------

    /// `seat` answers its pending prompt with `action`. On success the game runs to its next
    /// decision and the events produced are returned. On error nothing changes.
    pub fn act(&mut self, seat: Seat, action: Action) -> Result<Events, ActionError> {
        self.check(seat, &action)?;
        let index = self
            .prompts
            .iter()
            .position(|p| p.seat == seat)
            .ok_or(ActionError::NotYourTurn(seat))?;
        self.actions.push((seat, action.clone()));
        let prompt = self.prompts.remove(index);
        self.reply = Reply::Answer(seat, action);
        // 国战: declaring a hidden general's skill reveals it first (H-REV-2).
        self.reveal_to_use(seat, &prompt.kind);
        self.run();
        if let Some(limit) = self.setup.action_limit() {
            if self.outcome.is_none() && self.actions.len() >= limit as usize {
                self.emit(Event::ActionLimitReached { limit });
                self.end_in_draw();
                self.run();
            }
        }
        Ok(self.take_events())
    }

    /// Would `act(seat, action)` be accepted? Changes nothing.
    pub fn check(&self, seat: Seat, action: &Action) -> Result<(), ActionError> {
        if self.outcome.is_some() {
            return Err(ActionError::GameOver);
        }
        if seat.index() >= self.seats.len() {
            return Err(ActionError::NoSuchSeat(seat));
        }
        let prompt = self
            .prompts
            .iter()
            .find(|p| p.seat == seat)
            .ok_or(ActionError::NotYourTurn(seat))?;
        if prompt.choices.allows(action) {
            Ok(())
        } else {
            Err(ActionError::Illegal(format!(
                "{action:?} does not answer the pending prompt"
            )))
        }
    }

    /// Events produced since the last call (the start of the game, for a new game).
    pub fn take_events(&mut self) -> Events {
        Events(std::mem::take(&mut self.events))
    }

    // ---- queries ------------------------------------------------------------------------

    /// The pending decisions.
    pub fn prompts(&self) -> &[Prompt] {
        &self.prompts
    }

    /// The pending decision of `seat`, if any.
    pub fn prompt_for(&self, seat: Seat) -> Option<&Prompt> {
        self.prompts.iter().find(|p| p.seat == seat)
    }

    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// Every death so far, in order, with its killer.
    pub fn deaths(&self) -> &[(Seat, Option<Seat>)] {
        &self.deaths
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    pub fn seat_count(&self) -> usize {
        self.seats.len()
    }

    pub fn seat(&self, seat: Seat) -> &SeatState {
        &self.seats[seat.index()]
    }

    pub fn hand(&self, seat: Seat) -> &[CardId] {
        &self.table.seats[seat.index()].hand
    }

    pub fn table(&self) -> &Table {
        &self.table
    }

    pub fn turn(&self) -> &Turn {
        &self.turn
    }

    /// The hash of every event so far (stable across runs and machines).
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The record: enough to replay this game exactly.
    pub fn record(&self) -> Record {
        Record {
            version: crate::record::RECORD_VERSION,
            engine: crate::ENGINE_VERSION.to_string(),
            rules: crate::record::rules_versions(self.registry, self.ruleset()),
            setup: self.setup.clone(),
            seed: self.seed,
            actions: self.actions.clone(),
        }
    }

    /// The rules this game is played by.
    pub fn ruleset(&self) -> &Ruleset {
        self.setup.ruleset()
    }

    /// The options of its mode, as set (read them with their defaults through `def::option`).
    /// Are simultaneous deaths being resolved, the mode's victory checked once they all are
    /// (identity's attrition, V-3S-2)? Until then a decided table goes on.
    pub fn is_victory_deferred(&self) -> bool {
        self.victory_deferred
    }

    pub fn mode_options(&self) -> &Options {
        &self.ruleset().options
    }

    /// Its mode.
    pub fn mode(&self) -> &'static ModeDef {
        self.mode
    }

    /// Its card table.
    pub fn deck(&self) -> &Deck {
        &self.deck
    }

    /// The card with this id as it counts now: a card someone holds (hand, equipment, judgment
    /// area) through its holder's filters (红颜), any other as printed.
    #[inline]
    pub fn card(&self, id: CardId) -> Card {
        if !self.has_filters {
            return self.deck.card(id);
        }
        match self.table.zone_of(id) {
            Zone::Hand(seat) | Zone::Equip(seat) | Zone::Judge(seat) => self.card_for(id, seat),
            _ => self.deck.card(id),
        }
    }

    /// The card with this id as it counts for `seat` (a judgment card of `seat`'s, a card it
    /// holds): through `seat`'s filters. A filter must not read the card it filters through
    /// the game again.
    #[inline]
    pub fn card_for(&self, id: CardId, seat: Seat) -> Card {
        let mut card = self.deck.card(id);
        if !self.has_filters {
            return card;
        }
        for skill in self.seats[seat.index()].skills.iter() {
            if let Some(filter) = self.registry.skill_def(*skill).filter {
                filter(self, seat, &mut card);
            }
        }
        card
    }

    /// The generals selection draws from, in pack order.
    pub fn general_pool(&self) -> &[GeneralId] {
        &self.general_pool
    }

    /// Number of actions accepted so far.
    pub fn action_count(&self) -> usize {
        self.actions.len()
    }

    /// A snapshot of what `seat` may know.
    pub fn view(&self, seat: Seat) -> crate::view::View {
        crate::view::view(self, Some(seat))
    }

    /// A snapshot of what a spectator may know.
    pub fn view_spectator(&self) -> crate::view::View {
        crate::view::view(self, None)
    }

    /// Approximate memory held by the paused state (the record and event history excluded).
    pub fn state_bytes(&self) -> usize {
        use std::mem::size_of;
        let table = &self.table;
        let cards = (table.draw_pile.capacity()
            + table.discard_pile.capacity()
            + table.processing.capacity()
            + table.seats.iter().map(|s| s.hand.capacity()).sum::<usize>())
            * size_of::<CardId>()
            + table.location.capacity() * size_of::<crate::zone::Zone>()
            + table.seats.capacity() * size_of::<crate::zone::SeatCards>();
        let prompts: usize = self
            .prompts
            .iter()
            .map(|p| {
                size_of::<Prompt>()
                    + match &p.choices {
                        crate::prompt::Choices::Actions { actions } => {
                            actions.capacity() * (size_of::<Action>() + 16)
                        }
                        crate::prompt::Choices::Cards { from, .. }
                        | crate::prompt::Choices::Arrange { cards: from } => from.capacity(),
                    }
            })
            .sum();
        size_of::<Game>()
            + cards
            + self.seats.capacity() * size_of::<SeatState>()
            + self.stack.capacity() * size_of::<Frame>()
            + self.uses.capacity() * size_of::<CardUse>()
            + prompts
    }
}
