//! Test helpers: build a table from a [`Scenario`], answer prompts by card kind, and inspect the
//! result. Card and skill tests go through [`Check`] so that an API change edits one place.
//! Available to other crates with the `testing` feature.

use crate::action::Action;
use crate::card::{CardId, CardKind};
use crate::event::Event;
use crate::game::Game;
use crate::ids::{GeneralId, SkillId};
use crate::prompt::{Prompt, PromptKind};
use crate::scenario::{CardSpec, Scenario, ScenarioSeat};
use crate::seat::{Role, Seat};

/// A scenario with these roles (white generals, full HP, no cards) starting in seat 0's play
/// phase unless changed.
pub fn table(roles: &[Role]) -> Scenario {
    Scenario::with_roles(roles)
}

/// As [`table`], playing the 160-card game (standard + 军争 Maneuvering).
pub fn table160(roles: &[Role]) -> Scenario {
    Scenario {
        ruleset: crate::ruleset::Ruleset::maneuvering(),
        ..Scenario::with_roles(roles)
    }
}

/// `scenario` with the general pack `pack` enabled too (its generals may be seated).
pub fn with_pack(mut scenario: Scenario, pack: &str) -> Scenario {
    if !scenario.ruleset.generals.iter().any(|g| g == pack) {
        scenario.ruleset.generals.push(pack.to_string());
    }
    scenario
}

/// Shorthand for a seat of a scenario.
pub fn seat(scenario: &mut Scenario, seat: u8) -> &mut ScenarioSeat {
    &mut scenario.seats[seat as usize]
}

/// Shorthand for card specs by kind.
pub fn cards(kinds: &[CardKind]) -> Vec<CardSpec> {
    kinds.iter().map(|k| CardSpec::kind(*k)).collect()
}

/// A game under test, with every event so far.
pub struct Check {
    pub game: Game,
    pub events: Vec<Event>,
}

/// A registry like the engine's with these skill definitions in place of the engine's own for
/// their ids, and these card packs added: a machinery test gives a seat a skill (or a card) that
/// exercises what it tests. (Leaked: tests only.)
pub fn registry_with(
    skills: &[&'static crate::def::SkillDef],
    card_packs: &[&'static crate::def::CardPack],
) -> &'static crate::def::Registry {
    use crate::content::REGISTRY;
    let mut all: Vec<&'static crate::def::SkillDef> = REGISTRY.skills.to_vec();
    for def in skills {
        all[def.id as usize] = def;
    }
    let mut packs: Vec<&'static crate::def::CardPack> = REGISTRY.card_packs.to_vec();
    packs.extend_from_slice(card_packs);
    Box::leak(Box::new(crate::def::Registry {
        cards: REGISTRY.cards,
        skills: Box::leak(all.into_boxed_slice()),
        card_packs: Box::leak(packs.into_boxed_slice()),
        general_packs: REGISTRY.general_packs,
        modes: REGISTRY.modes,
        white: REGISTRY.white,
        editions: REGISTRY.editions,
        core_version: REGISTRY.core_version,
    }))
}

impl Check {
    pub fn new(scenario: Scenario) -> Check {
        Check::with_registry(&crate::content::REGISTRY, scenario)
    }

    /// A game of `scenario` set up with `registry`'s definitions.
    pub fn with_registry(registry: &'static crate::def::Registry, scenario: Scenario) -> Check {
        let seed = scenario.seed;
        let setup = crate::record::Setup::Scenario(Box::new(scenario));
        let mut game = match Game::with_registry(registry, setup, seed) {
            Ok(game) => game,
            Err(e) => panic!("bad scenario: {e}"),
        };
        let events = game.take_events().0;
        Check { game, events }
    }

    /// The events `viewer` saw so far (`None`: a spectator).
    pub fn seen_by(&self, viewer: Option<u8>) -> Vec<crate::view::EventView> {
        crate::game::Events(self.events.clone()).for_viewer(viewer.map(Seat))
    }

    /// The pending prompt of `seat`.
    pub fn prompt(&self, seat: u8) -> &Prompt {
        match self.game.prompt_for(Seat(seat)) {
            Some(p) => p,
            None => panic!(
                "seat {seat} has no prompt; pending: {:#?}",
                self.game.prompts()
            ),
        }
    }

    pub fn has_prompt(&self, seat: u8) -> bool {
        self.game.prompt_for(Seat(seat)).is_some()
    }

    /// Answers `seat`'s prompt with `action`, panicking if it is rejected.
    pub fn act(&mut self, seat: u8, action: Action) -> &mut Self {
        match self.game.act(Seat(seat), action.clone()) {
            Ok(events) => self.events.extend(events.0),
            Err(e) => panic!(
                "seat {seat}: {action:?} rejected: {e}\nprompt: {:#?}",
                self.game.prompt_for(Seat(seat))
            ),
        }
        self
    }

    /// Would the action be accepted?
    pub fn allows(&self, seat: u8, action: &Action) -> bool {
        self.game.check(Seat(seat), action).is_ok()
    }

    pub fn pass(&mut self, seat: u8) -> &mut Self {
        self.act(seat, Action::Pass)
    }

    /// Nobody saves the dying: passes every pending 求桃 prompt.
    pub fn pass_saves(&mut self) -> &mut Self {
        while let Some(p) = self
            .game
            .prompts()
            .iter()
            .find(|p| matches!(p.kind, PromptKind::Save { .. }))
        {
            let seat = p.seat.0;
            self.pass(seat);
        }
        self
    }

    /// Passes every pending prompt that is a window anyone may answer (无懈可击).
    pub fn pass_windows(&mut self) -> &mut Self {
        while let Some(p) = self
            .game
            .prompts()
            .iter()
            .find(|p| matches!(p.kind, PromptKind::Nullify { .. }))
        {
            let seat = p.seat.0;
            self.pass(seat);
        }
        self
    }

    /// The first legal `Card` action of `seat` whose card becomes `kind` (as itself, without a
    /// conversion skill), with exactly these targets.
    pub fn find_card(&self, seat: u8, kind: CardKind, targets: &[u8]) -> Option<Action> {
        self.find(seat, |cards, skill, t| {
            skill.is_none()
                && cards.len() == 1
                && self.game.card(cards[0]).kind == kind
                && t.iter().map(|s| s.0).eq(targets.iter().copied())
        })
    }

    /// The first legal `Card` action matching `pred(cards, skill, targets)`.
    pub fn find(
        &self,
        seat: u8,
        pred: impl Fn(&[CardId], Option<SkillId>, &[Seat]) -> bool,
    ) -> Option<Action> {
        let prompt = self.game.prompt_for(Seat(seat))?;
        prompt.legal_actions(4096).into_iter().find(|a| match a {
            Action::Card {
                cards,
                skill,
                targets,
            } => pred(cards, *skill, targets),
            _ => false,
        })
    }

    /// Uses (or gives, in a response) a card of `kind` on `targets`; panics if not legal.
    pub fn card(&mut self, seat: u8, kind: CardKind, targets: &[u8]) -> &mut Self {
        let Some(action) = self.find_card(seat, kind, targets) else {
            panic!(
                "seat {seat} cannot give {kind:?} on {targets:?}; prompt: {:#?}",
                self.game.prompt_for(Seat(seat))
            );
        };
        self.act(seat, action)
    }

    /// Invokes `skill` with no cards or targets (a yes to a confirm, or starting an active skill).
    pub fn skill(&mut self, seat: u8, skill: SkillId) -> &mut Self {
        self.act(
            seat,
            Action::Skill {
                skill,
                cards: Vec::new(),
                targets: Vec::new(),
            },
        )
    }

    pub fn hp(&self, seat: u8) -> i8 {
        self.game.hp(Seat(seat))
    }

    pub fn alive(&self, seat: u8) -> bool {
        self.game.is_alive(Seat(seat))
    }

    /// The kinds of `seat`'s hand cards, in hand order.
    pub fn hand(&self, seat: u8) -> Vec<CardKind> {
        self.game
            .hand(Seat(seat))
            .iter()
            .map(|c| self.game.card(*c).kind)
            .collect()
    }

    /// A card in `seat`'s hand of `kind`.
    pub fn hand_card(&self, seat: u8, kind: CardKind) -> CardId {
        match self
            .game
            .hand(Seat(seat))
            .iter()
            .find(|c| self.game.card(**c).kind == kind)
        {
            Some(c) => *c,
            None => panic!("seat {seat} holds no {kind:?}: {:?}", self.hand(seat)),
        }
    }

    /// The kinds in `seat`'s equipment area.
    pub fn equipment(&self, seat: u8) -> Vec<CardKind> {
        self.game.table().seats[seat as usize]
            .equipment()
            .map(|c| self.game.card(c).kind)
            .collect()
    }

    /// The kinds in `seat`'s judgment area.
    pub fn judge_area(&self, seat: u8) -> Vec<CardKind> {
        self.game.table().seats[seat as usize]
            .judge
            .iter()
            .map(|d| d.kind)
            .collect()
    }

    /// The kinds in the discard pile, bottom first.
    pub fn discard_pile(&self) -> Vec<CardKind> {
        self.game
            .table()
            .discard_pile
            .iter()
            .map(|c| self.game.card(*c).kind)
            .collect()
    }

    /// Is `seat` being asked something of this kind?
    pub fn is_asked(&self, seat: u8, pred: impl Fn(&PromptKind) -> bool) -> bool {
        self.game
            .prompt_for(Seat(seat))
            .is_some_and(|p| pred(&p.kind))
    }

    /// Checks the card-conservation invariant.
    pub fn assert_conserved(&self) {
        if let Err(e) = self.game.table().check_conservation() {
            panic!("cards not conserved: {e}");
        }
    }
}

// ---- every registered ruleset, for the property tests ----------------------------------------

pub use crate::content::{cases, Budget, Case};

// ---- perturbation hooks for the noninterference tests (tests/hidden_info.rs) -------------------

/// Exchanges the places of cards `a` and `b` (each in the draw pile, the discard pile, the
/// processing area or a hand), leaving everything else as it was. Builds a game that differs from
/// `game` only in where two cards are: what a seat that sees neither place may not know.
pub fn swap_cards(game: &mut Game, a: CardId, b: CardId) {
    use crate::zone::{Table, Zone};
    fn cards_in(table: &mut Table, zone: Zone) -> &mut Vec<CardId> {
        match zone {
            Zone::DrawPile => &mut table.draw_pile,
            Zone::DiscardPile => &mut table.discard_pile,
            Zone::Processing => &mut table.processing,
            Zone::Hand(seat) => &mut table.seats[seat.index()].hand,
            Zone::Pile { owner, skill } => {
                match table.seats[owner.index()]
                    .piles
                    .iter_mut()
                    .find(|p| p.skill == skill)
                {
                    Some(pile) => &mut pile.cards,
                    None => panic!("swap_cards: no pile {skill:?} on {owner}"),
                }
            }
            other => panic!("swap_cards: cannot swap a card in {other:?}"),
        }
    }
    let table = &mut game.table;
    let (zone_a, zone_b) = (table.zone_of(a), table.zone_of(b));
    let index = |table: &mut Table, zone: Zone, card: CardId| match cards_in(table, zone)
        .iter()
        .position(|c| *c == card)
    {
        Some(i) => i,
        None => panic!("swap_cards: {card:?} is not in {zone:?}"),
    };
    let (ia, ib) = (index(table, zone_a, a), index(table, zone_b, b));
    cards_in(table, zone_a)[ia] = b;
    cards_in(table, zone_b)[ib] = a;
    table.location[a.index()] = zone_b;
    table.location[b.index()] = zone_a;
}

/// Exchanges the roles of seats `a` and `b` (neither may be the lord). Builds a game that differs
/// from `game` only in two hidden roles.
pub fn swap_roles(game: &mut Game, a: Seat, b: Seat) {
    let (ra, rb) = (game.seats[a.index()].role, game.seats[b.index()].role);
    assert!(
        ra != Role::Lord && rb != Role::Lord,
        "swap_roles: the lord's role is public"
    );
    game.seats[a.index()].role = rb;
    game.seats[b.index()].role = ra;
}

/// 国战: exchanges the two generals of seats `a` and `b`, both of whose generals are face down
/// and whose halves sum alike (so their HP, which everyone sees, stays). Builds a game that
/// differs from `game` only in hidden generals (H-HID-4).
pub fn swap_duos(game: &mut Game, a: Seat, b: Seat) {
    let (da, db) = (&game.duos[a.index()], &game.duos[b.index()]);
    let halves =
        |d: &crate::flow::duo::Duo| game.general(d.main).halves + game.general(d.deputy).halves;
    assert!(
        !da.is_determined() && !db.is_determined() && halves(da) == halves(db),
        "swap_duos: a shown general or a different HP is public"
    );
    game.duos.swap(a.index(), b.index());
    // Which side 断肠 took is public: it stays with the seat (each duo now holds the other's).
    let lost = |d: &crate::flow::duo::Duo| (d.main_lost, d.deputy_lost);
    let (a_lost, b_lost) = (lost(&game.duos[b.index()]), lost(&game.duos[a.index()]));
    (
        game.duos[a.index()].main_lost,
        game.duos[a.index()].deputy_lost,
    ) = a_lost;
    (
        game.duos[b.index()].main_lost,
        game.duos[b.index()].deputy_lost,
    ) = b_lost;
}

/// 国战: `seat` pre-shows nothing (预亮 off, H-REV-10). A pre-shown general's questions are seen by
/// its owner's choice, so the noninterference test clears the flags of the seats it swaps — in
/// both games — before they play on.
pub fn without_preshow(game: &mut Game, seat: Seat) {
    if let Some(duo) = game.duos.get_mut(seat.index()) {
        duo.main_preshown = false;
        duo.deputy_preshown = false;
    }
}

/// The id of the test pack [`roster_check`] adds.
pub const ROSTER_TEST_PACK: &str = "test-hegemony-roster";

/// A game of `scenario` whose seats may gain the 国战 roster's skills (every skill from 放逐 on,
/// decision 0017) before a general pack carries them: the registry gets a test pack
/// ([`ROSTER_TEST_PACK`]) whose one row — standing in for 神诸葛亮, whom these tests never seat —
/// has them all, and the scenario's ruleset enables it. (Leaked: tests only.)
pub fn roster_check(scenario: Scenario) -> Check {
    use crate::content::REGISTRY;
    use crate::def::{General, GeneralPack};
    use crate::ids::GeneralId;
    use crate::seat::{Gender, Kingdom};
    let skills: Vec<SkillId> = REGISTRY
        .skills
        .iter()
        .map(|d| d.id)
        .filter(|id| *id >= SkillId::Fangzhu)
        .collect();
    let rows: &'static [General] = Box::leak(Box::new([General::new(
        GeneralId::ShenZhugeliang,
        "国战技能",
        "Hegemony skills",
        Kingdom::Qun,
        Gender::Male,
        4,
        Box::leak(skills.into_boxed_slice()),
    )]));
    let pack: &'static GeneralPack = Box::leak(Box::new(GeneralPack {
        id: ROSTER_TEST_PACK,
        version: 1,
        name_zh: "国战技能（测试）",
        name_en: "Hegemony skills (test)",
        modes: &[],
        generals: rows,
    }));
    let mut packs = vec![pack];
    packs.extend_from_slice(REGISTRY.general_packs);
    let registry: &'static crate::def::Registry = Box::leak(Box::new(crate::def::Registry {
        general_packs: Box::leak(packs.into_boxed_slice()),
        cards: REGISTRY.cards,
        skills: REGISTRY.skills,
        card_packs: REGISTRY.card_packs,
        modes: REGISTRY.modes,
        white: REGISTRY.white,
        editions: REGISTRY.editions,
        core_version: REGISTRY.core_version,
    }));
    Check::with_registry(registry, with_pack(scenario, ROSTER_TEST_PACK))
}

/// The generals `seat` is offered to choose from now (a draft, a line-up, a 国战 pair), in the
/// order its prompt lists them; none when it is not asked.
pub fn offered(game: &Game, seat: Seat) -> Vec<GeneralId> {
    game.prompt_for(seat)
        .map(|p| {
            p.legal_actions(64)
                .into_iter()
                .filter_map(|a| match a {
                    Action::General { general } => Some(general),
                    _ => None,
                })
                .collect()
        })
        .unwrap_or_default()
}
