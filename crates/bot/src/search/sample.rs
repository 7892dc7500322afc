//! 确定化 Determinization from a seat's view: complete hidden states consistent with everything
//! the seat has seen, each built into a [`Game`] to search in.
//!
//! The sampler's inputs are what the seat may know and nothing else: its [`View`], the events it
//! was shown (folded into [`Seen`]: where it last saw each card, the turn's bookkeeping) and its
//! belief model's role estimates ([`Beliefs`]). No function here takes a `Game`: the real hidden
//! state is out of reach by construction.
//!
//! A sample ([`Sample`]) fixes what the view leaves open:
//! - every hand the view does not show, as many cards as the view counts, holding first the cards the
//!   seat saw go there and not leave (a 顺手牵羊 from its own hand, a card shown to it), the rest
//!   drawn uniformly from the cards it has not seen;
//! - the draw pile, the unseen cards left, in a random order;
//! - the roles it does not know, drawn seat by seat from the roles still unaccounted for, each
//!   weighed by how well the seat's record fits it (the beliefs' suspicion).
//!
//! [`build`] turns a sample into a [`Game`] resumed at the seat's play (`Game::from_position`);
//! it is only possible in the seat's own play phase, when nothing is being resolved.

use rand::seq::SliceRandom;
use rand::Rng;
use sgs_engine::scenario::{MarkSpec, PileSpec};
use sgs_engine::{
    CardId, CardSpec, Event, EventView, Game, Phase, Position, Role, Ruleset, Scenario,
    ScenarioSeat, Seat, SetupError, SkillId, View, Zone, REGISTRY,
};

use crate::belief::Beliefs;

/// What a seat has seen that its view does not keep: where it last saw each card go, and the
/// bookkeeping of the turn under way. Fed the seat's filtered events, in order.
#[derive(Clone, Debug, Default)]
pub struct Seen {
    me: Option<Seat>,
    /// Per card id: the other seat whose hand the card was last seen entering (and not seen
    /// leaving).
    holder: Vec<Option<Seat>>,
    /// The turn's seat and its bookkeeping, as the engine keeps it.
    turn: sgs_engine::game::Turn,
    /// Skill uses in their periods: seat, skill, count, and the period's kind.
    usage: Vec<(Seat, SkillId, u8)>,
    /// 仁德 was just invoked: its cards' move is counted into the turn's mark.
    rende_pending: Option<SkillId>,
    /// 天义 was just invoked: its 拼点 sets the turn's mark.
    tianyi_pending: bool,
    /// 双雄's judgment card this turn: its colour is the turn's mark (read from the deck when a
    /// position is built).
    shuangxiong_card: Option<CardId>,
    /// Rounds begun (a round begins with the first seat's turn).
    round: u32,
    first_seat: Option<Seat>,
}

impl Seen {
    pub fn new(me: Seat) -> Self {
        Seen {
            me: Some(me),
            ..Seen::default()
        }
    }

    fn set_holder(&mut self, card: CardId, holder: Option<Seat>) {
        let index = card.0 as usize;
        if self.holder.len() <= index {
            self.holder.resize(index + 1, None);
        }
        self.holder[index] = holder;
    }

    /// The seat whose hand `card` was last seen entering, if it was not seen leaving.
    pub fn holder(&self, card: CardId) -> Option<Seat> {
        self.holder.get(card.0 as usize).copied().flatten()
    }

    /// Takes note of events the seat has seen, in order.
    pub fn observe(&mut self, events: &[EventView]) {
        for event in events {
            self.observe_one(event);
        }
    }

    fn observe_one(&mut self, event: &EventView) {
        use sgs_engine::def::skill::Period;
        match event {
            Event::GameStarted { lord, .. } => self.first_seat = Some(*lord),
            Event::CardsMoved {
                cards, from, to, ..
            } => {
                for (card, from) in cards.iter().zip(from) {
                    match card {
                        Some(id) => {
                            let holder = match to {
                                Zone::Hand(s) if Some(*s) != self.me => Some(*s),
                                _ => None,
                            };
                            self.set_holder(*id, holder);
                        }
                        // A card left a hand unseen: any card known there may be the one.
                        None => {
                            if let Zone::Hand(owner) = from {
                                for h in &mut self.holder {
                                    if *h == Some(*owner) {
                                        *h = None;
                                    }
                                }
                            }
                        }
                    }
                }
                if let Some(rende) = self.rende_pending {
                    let given = from.iter().all(|z| *z == Zone::Hand(self.turn.seat))
                        && matches!(to, Zone::Hand(s) if *s != self.turn.seat);
                    if given {
                        let before = self.turn.mark(rende);
                        self.turn
                            .set_mark(rende, before.saturating_add(cards.len() as u8));
                    }
                    self.rende_pending = None;
                }
            }
            Event::Judged {
                seat,
                card,
                cause: sgs_engine::Cause::Skill(SkillId::Shuangxiong),
            } if *seat == self.turn.seat => self.shuangxiong_card = Some(*card),
            Event::Pindian { seat, won, .. } if self.tianyi_pending => {
                if *seat == self.turn.seat {
                    // 天义: won 1, lost 2.
                    self.turn
                        .set_mark(SkillId::Tianyi, if *won { 1 } else { 2 });
                }
                self.tianyi_pending = false;
            }
            Event::CardsShown { seat, cards, .. } if Some(*seat) != self.me => {
                for id in cards.iter().flatten() {
                    self.set_holder(*id, Some(*seat));
                }
            }
            Event::TurnStarted { seat } => {
                if Some(*seat) == self.first_seat || self.round == 0 {
                    self.round += 1;
                    self.usage
                        .retain(|(_, skill, _)| period(*skill) != Some(Period::Round));
                }
                self.turn = sgs_engine::game::Turn {
                    seat: *seat,
                    number: self.turn.number + 1,
                    ..Default::default()
                };
                self.shuangxiong_card = None;
                self.usage
                    .retain(|(_, skill, _)| period(*skill) != Some(Period::Turn));
            }
            Event::PhaseStarted { seat, phase } | Event::PhaseSkipped { seat, phase } => {
                self.turn.seat = *seat;
                self.turn.phase = Some(*phase);
                self.usage
                    .retain(|(_, skill, _)| period(*skill) != Some(Period::Phase));
            }
            Event::CardUsed { seat, card, .. }
                if *seat == self.turn.seat && self.turn.phase == Some(Phase::Play) =>
            {
                match self
                    .turn
                    .cards_used
                    .iter_mut()
                    .find(|(k, _)| *k == card.kind)
                {
                    Some(entry) => entry.1 = entry.1.saturating_add(1),
                    None => self.turn.cards_used.push((card.kind, 1)),
                }
                if card.kind == sgs_engine::CardKind::Slash {
                    self.turn.slashes_used = self.turn.slashes_used.saturating_add(1);
                    self.turn.slash_in_play_phase = true;
                }
            }
            Event::SkillInvoked { seat, skill, .. } => {
                if period(*skill).is_some() {
                    match self
                        .usage
                        .iter_mut()
                        .find(|(s, k, _)| s == seat && k == skill)
                    {
                        Some(entry) => entry.2 = entry.2.saturating_add(1),
                        None => self.usage.push((*seat, *skill, 1)),
                    }
                }
                if *seat == self.turn.seat {
                    match skill {
                        SkillId::Rende | SkillId::RendeHeg | SkillId::RendeEarly => {
                            self.rende_pending = Some(*skill)
                        }
                        SkillId::Luoyi => self.turn.set_mark(SkillId::Luoyi, 1),
                        SkillId::Tianyi => self.tianyi_pending = true,
                        _ => {}
                    }
                }
            }
            _ => {}
        }
    }
}

fn period(skill: SkillId) -> Option<sgs_engine::def::skill::Period> {
    REGISTRY.skill_def(skill).effective_limit().map(|l| l.per)
}

/// One complete hidden state: what the seat's view leaves open, filled in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sample {
    /// Every seat's role (the known ones as the view shows them).
    pub roles: Vec<Role>,
    /// Every seat's hand (the viewer's own as its view shows it).
    pub hands: Vec<Vec<CardId>>,
    /// Hidden piles' cards, per seat and pile, in the view's pile order.
    pub piles: Vec<Vec<Vec<CardId>>>,
    /// The draw pile, topmost first.
    pub draw_pile: Vec<CardId>,
}

/// The table a seat plays at (public: a room shows its rules): what a sample is built with.
#[derive(Clone, Debug)]
pub struct TableRules {
    pub ruleset: Ruleset,
    pub auto_pass: bool,
    /// The physical cards in play (the deck less those left out).
    pub in_play: Vec<CardId>,
}

impl TableRules {
    pub fn new(ruleset: Ruleset, auto_pass: bool) -> Result<Self, SetupError> {
        let (_, in_play) = sgs_engine::Deck::build(&REGISTRY, &ruleset.cards)?;
        Ok(TableRules {
            ruleset,
            auto_pass,
            in_play,
        })
    }
}

/// Draws one hidden state consistent with `view` and what the seat has `seen`, roles weighed by
/// `beliefs`. The viewer is `view.viewer` (a spectator's view has nothing to sample from).
pub fn sample(
    view: &View,
    seen: &Seen,
    beliefs: &Beliefs,
    rules: &TableRules,
    rng: &mut impl Rng,
) -> Option<Sample> {
    let me = view.viewer?;
    let n = view.seats.len();
    // Every card the view shows where it is.
    let mut visible = vec![false; view.deck.len().max(rules.in_play.len() + 64)];
    let show = |id: CardId, visible: &mut Vec<bool>| {
        if let Some(v) = visible.get_mut(id.0 as usize) {
            *v = true;
        }
    };
    for seat in &view.seats {
        for id in seat.hand.iter().flatten() {
            show(*id, &mut visible);
        }
        for id in &seat.equip {
            show(*id, &mut visible);
        }
        for (id, _) in &seat.judge {
            show(*id, &mut visible);
        }
        for pile in &seat.piles {
            for id in pile.cards.iter().flatten() {
                show(*id, &mut visible);
            }
        }
    }
    for id in view.discard_pile.iter().chain(&view.processing) {
        show(*id, &mut visible);
    }
    let unseen: Vec<CardId> = rules
        .in_play
        .iter()
        .copied()
        .filter(|id| !visible.get(id.0 as usize).copied().unwrap_or(false))
        .collect();
    // Cards known to be in another seat's hand come first in it.
    let mut hands: Vec<Vec<CardId>> = vec![Vec::new(); n];
    let mut pool: Vec<CardId> = Vec::with_capacity(unseen.len());
    for id in unseen {
        match seen.holder(id) {
            Some(s)
                if s != me
                    && s.index() < n
                    && hands[s.index()].len() < view.seats[s.index()].hand_count as usize =>
            {
                hands[s.index()].push(id)
            }
            _ => pool.push(id),
        }
    }
    pool.shuffle(rng);
    let mut piles: Vec<Vec<Vec<CardId>>> = vec![Vec::new(); n];
    for (i, seat) in view.seats.iter().enumerate() {
        // The viewer's own hand, and any other it may see (a 2v2 partner's).
        if let Some(hand) = &seat.hand {
            for id in hands[i].drain(..) {
                pool.push(id);
            }
            hands[i] = hand.clone();
        } else {
            let want = seat.hand_count as usize;
            while hands[i].len() < want {
                hands[i].push(pool.pop()?);
            }
        }
        for pile in &seat.piles {
            let cards = match &pile.cards {
                Some(cards) => cards.clone(),
                None => {
                    let mut cards = Vec::with_capacity(pile.count as usize);
                    for _ in 0..pile.count {
                        cards.push(pool.pop()?);
                    }
                    cards
                }
            };
            piles[i].push(cards);
        }
    }
    let roles = sample_roles(view, beliefs, rng)?;
    Some(Sample {
        roles,
        hands,
        piles,
        draw_pile: pool,
    })
}

/// The unknown roles, drawn seat by seat (in a random order) from those still unaccounted for,
/// each weighed by the beliefs' suspicion of the seat.
fn sample_roles(view: &View, beliefs: &Beliefs, rng: &mut impl Rng) -> Option<Vec<Role>> {
    let mut left: Vec<Role> = view.dealt.to_vec();
    let mut roles: Vec<Option<Role>> = view.seats.iter().map(|s| s.role).collect();
    for role in roles.iter().flatten() {
        let i = left.iter().position(|r| r == role)?;
        left.swap_remove(i);
    }
    let mut open: Vec<usize> = (0..roles.len()).filter(|i| roles[*i].is_none()).collect();
    if open.len() != left.len() {
        return None;
    }
    open.shuffle(rng);
    for i in open {
        let s = beliefs.suspicion.get(i).copied().unwrap_or_default();
        let weight = |role: Role| match role {
            Role::Loyalist => s.loyal.exp(),
            Role::Rebel => s.rebel.exp(),
            Role::Renegade => s.renegade.exp(),
            Role::Lord => 1.0,
        };
        let total: f32 = left.iter().map(|r| weight(*r)).sum();
        let mut x = rng.gen::<f32>() * total;
        let mut pick = left.len() - 1;
        for (k, role) in left.iter().enumerate() {
            x -= weight(*role);
            if x <= 0.0 {
                pick = k;
                break;
            }
        }
        roles[i] = Some(left.swap_remove(pick));
    }
    roles.into_iter().collect()
}

/// The position a sample describes: the view's table with the sample's hidden cards and roles,
/// and the turn's bookkeeping as the seat saw it. Only for the viewer's own play phase.
pub fn position(view: &View, seen: &Seen, sample: &Sample, rules: &TableRules) -> Position {
    let seats = view
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| ScenarioSeat {
            role: sample.roles[i],
            general: s.general,
            hp: Some(s.hp),
            max_hp: Some(s.max_hp),
            alive: s.alive,
            hand: sample.hands[i].iter().map(|c| CardSpec::Id(*c)).collect(),
            equip: s.equip.iter().map(|c| CardSpec::Id(*c)).collect(),
            judge: s
                .judge
                .iter()
                .map(|(c, kind)| {
                    if view.deck.card(*c).kind == *kind {
                        CardSpec::Id(*c)
                    } else {
                        CardSpec::Placed {
                            card: Box::new(CardSpec::Id(*c)),
                            kind: *kind,
                        }
                    }
                })
                .collect(),
            marks: s
                .marks
                .iter()
                .map(|m| MarkSpec {
                    mark: m.id,
                    count: m.count,
                    visibility: m.visibility,
                })
                .collect(),
            piles: s
                .piles
                .iter()
                .zip(&sample.piles[i])
                .filter(|(_, cards)| !cards.is_empty())
                .map(|(p, cards)| PileSpec {
                    skill: p.skill,
                    visibility: p.visibility,
                    cards: cards.iter().map(|c| CardSpec::Id(*c)).collect(),
                })
                .collect(),
            chained: s.chained,
            turned: s.turned,
            gained: Vec::new(),
            lost: Vec::new(),
            limited_used: s.limited_used.clone(),
            awakened: s.awakened.clone(),
            // 国战 tables are not searched (the agent plays by roles).
            duo: None,
            // 神: the kingdom a god chose (a sample starts mid-game).
            kingdom: (REGISTRY.general(s.general).kingdom == sgs_engine::Kingdom::God
                && s.kingdom != sgs_engine::Kingdom::God)
                .then_some(s.kingdom),
        })
        .collect();
    let mut turn = seen.turn.clone();
    turn.number = view.turn_number;
    if let Some(card) = seen.shuangxiong_card {
        // 双雄: red 1, black 2.
        let colour = match view.deck.card(card).color() {
            sgs_engine::Color::Red => 1,
            sgs_engine::Color::Black => 2,
            sgs_engine::Color::None => 0,
        };
        turn.set_mark(SkillId::Shuangxiong, colour);
    }
    Position {
        scenario: Scenario {
            seed: 0,
            ruleset: rules.ruleset.clone(),
            seats,
            draw_pile_top: sample.draw_pile.iter().map(|c| CardSpec::Id(*c)).collect(),
            discard_pile: view.discard_pile.iter().map(|c| CardSpec::Id(*c)).collect(),
            current: Some(view.current),
            phase: Phase::Play,
            auto_pass: rules.auto_pass,
            action_limit: None,
        },
        turn,
        round: seen.round,
        usage: seen.usage.clone(),
        empty_piles: view
            .seats
            .iter()
            .zip(&sample.piles)
            .flat_map(|(s, piles)| {
                s.piles
                    .iter()
                    .zip(piles)
                    .filter(|(_, cards)| cards.is_empty())
                    .map(|(p, _)| (s.seat, p.skill, p.visibility))
            })
            .collect(),
    }
}

/// Builds the game a sample describes, resumed at the viewer's play. Fails unless the view is
/// in the viewer's own play phase with nothing being resolved.
pub fn build(
    view: &View,
    seen: &Seen,
    sample: &Sample,
    rules: &TableRules,
    seed: u64,
) -> Result<Game, SetupError> {
    let me = view
        .viewer
        .ok_or_else(|| SetupError::Invalid("a spectator has no play".into()))?;
    if view.current != me || view.phase != Some(Phase::Play) || !view.processing.is_empty() {
        return Err(SetupError::Invalid("not in the viewer's play phase".into()));
    }
    let mut position = position(view, seen, sample, rules);
    // Gained and lost skills: the view lists the skills a seat has now.
    for (i, s) in view.seats.iter().enumerate() {
        let general = REGISTRY.general(s.general);
        let extra = role_skills(rules, sample.roles[i]);
        let base: Vec<SkillId> = general.skills.iter().chain(extra).copied().collect();
        let seat = &mut position.scenario.seats[i];
        seat.gained = s
            .skills
            .iter()
            .filter(|k| !base.contains(k))
            .copied()
            .collect();
        seat.lost = base
            .iter()
            .filter(|k| !s.skills.contains(k))
            .copied()
            .collect();
    }
    Game::from_position(&position, seed)
}

fn role_skills(rules: &TableRules, role: Role) -> &'static [SkillId] {
    REGISTRY
        .mode(&rules.ruleset.mode)
        .map_or(&[], |mode| (mode.role_skills)(role, &rules.ruleset.options))
}
