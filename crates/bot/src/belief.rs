//! 身份推断 Identity inference: what one seat believes about the others' roles, from public
//! behaviour only (the seat's own filtered events).
//!
//! Every seat whose role is hidden carries a [`Suspicion`]: how well its record fits a loyalist,
//! a rebel and the renegade. Each act toward another seat is worth something to the lord's side,
//! read through what the viewer believes of the target: attacking someone pro-lord (the lord
//! above all) is a rebel's act, helping them (a 桃 for the dying, a 无懈可击 that protects them,
//! giving them cards) a loyalist's, and the other way round. A renegade does either — it wears
//! both sides down — though toward the lord it is mostly protective, so helping the lord does not
//! make a sure loyalist, and a seat that helps the lord and then hurts loyalists reads as the
//! renegade. The chances of each role are these fits weighed by the roles still unaccounted for
//! ([`Beliefs::odds`]). From them and the viewer's own role, [`Beliefs::relation`] says how much
//! the viewer wants a seat to do well: +1 a sure ally, −1 a sure enemy.
//!
//! A renegade also keeps the lord's reading of the same public record (its *image*), to know
//! whether it is still taken for a loyalist.

use crate::rules::KindRules;
use sgs_engine::{CardKind, EventView, Role, RoleCounts, RoleTable, Seat, SkillId, Zone};

/// The lord's HP at or below which the rebels go for it while loyalists stand: two blows from
/// dying.
pub const LORD_IN_REACH: i8 = 2;

/// What the viewer believes.
#[derive(Clone, Debug)]
pub struct Beliefs {
    pub me: Seat,
    pub my_role: Option<Role>,
    pub lord: Seat,
    /// Roles known to the viewer: its own, the lord's, the dead's.
    pub known: Vec<Option<Role>>,
    pub alive: Vec<bool>,
    /// Per seat, how well its behaviour fits each hidden role.
    pub suspicion: Vec<Suspicion>,
    /// Latest hp and max hp, for the renegade's balance sheet.
    pub hp: Vec<i8>,
    /// The trick being resolved now, for reading 无懈可击 and what follows a 过河拆桥.
    trick: Option<(Seat, CardKind, Option<Seat>)>,
    /// 无懈可击 used since the trick was announced.
    nullifications: u8,
    /// For a renegade: the same public events read from the lord's seat — how the lord sees this
    /// seat, so that it knows whether it is still hidden.
    image: Option<Box<Beliefs>>,
    /// The roles the table dealt (public; from the seat's view). Until a view is seen, the
    /// standard table's for the seat count.
    dealt: Option<RoleCounts>,
    /// 暗魂: the seat that cannot go below 1 HP, while it holds (V-AH, public).
    pub protected: Option<Seat>,
}

/// How well one seat's behaviour fits each hidden role: log-likelihoods, centred on their mean and
/// bounded by `CAP`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Suspicion {
    pub loyal: f32,
    pub rebel: f32,
    pub renegade: f32,
}

impl Suspicion {
    const CAP: f32 = 6.0;

    /// An act worth `pro` to the lord's side: a loyalist does such things, a rebel the opposite;
    /// a renegade either (it weakens both sides), though toward the lord itself mostly
    /// protectively.
    fn add(&mut self, pro: f32, to_lord: bool) {
        let half = pro / 2.0;
        // How often a renegade acts like a loyalist here (and like a rebel otherwise).
        let loyal_like = if to_lord { 0.75 } else { 0.5 };
        self.loyal += half;
        self.rebel -= half;
        self.renegade += (loyal_like * half.exp() + (1.0 - loyal_like) * (-half).exp()).ln();
        // Only differences matter: keep the three centred, and bounded so that no record is
        // beyond changing.
        let mean = (self.loyal + self.rebel + self.renegade) / 3.0;
        for l in [&mut self.loyal, &mut self.rebel, &mut self.renegade] {
            *l = (*l - mean).clamp(-Self::CAP, Self::CAP);
        }
    }
}

/// How strongly an act of each kind speaks about the actor.
fn hostile_weight(kind: CardKind) -> f32 {
    match kind {
        CardKind::Slash => 1.5,
        CardKind::Duel => 1.6,
        CardKind::Indulgence => 1.4,
        CardKind::Dismantlement | CardKind::Snatch => 0.8,
        CardKind::Collateral => 0.5,
        _ => 0.0,
    }
}

impl Beliefs {
    pub fn new(me: Seat) -> Self {
        Beliefs {
            me,
            my_role: None,
            lord: Seat(0),
            known: Vec::new(),
            alive: Vec::new(),
            suspicion: Vec::new(),
            hp: Vec::new(),
            trick: None,
            nullifications: 0,
            image: None,
            dealt: None,
            protected: None,
        }
    }

    /// Takes note of the roles the table dealt (a view's `dealt`).
    pub fn note_dealt(&mut self, dealt: &[Role]) {
        if !dealt.is_empty() {
            self.dealt = Some(RoleCounts::of_roles(dealt));
            if let Some(image) = &mut self.image {
                image.note_dealt(dealt);
            }
        }
    }

    pub fn seat_count(&self) -> usize {
        self.known.len()
    }

    /// Takes note of one event.
    pub fn observe(&mut self, event: &EventView) {
        use sgs_engine::Event as E;
        if let Some(image) = &mut self.image {
            // The lord learns no hidden role but its own.
            if !matches!(event, E::RoleDealt { .. }) {
                image.observe(event);
            }
        }
        match event {
            E::GameStarted { seats, lord } => {
                let n = *seats as usize;
                self.lord = *lord;
                self.known = vec![None; n];
                self.known[lord.index()] = Some(Role::Lord);
                self.alive = vec![true; n];
                self.suspicion = vec![Suspicion::default(); n];
                self.hp = vec![4; n];
            }
            E::RoleDealt { seat, role } => {
                if let Some(slot) = self.known.get_mut(seat.index()) {
                    *slot = Some(*role);
                }
                if *seat == self.me {
                    self.my_role = Some(*role);
                    if *role == Role::Renegade && self.image.is_none() && self.lord != self.me {
                        let mut image = Beliefs::new(self.lord);
                        image.observe(&E::GameStarted {
                            seats: self.seat_count() as u8,
                            lord: self.lord,
                        });
                        image.observe(&E::RoleDealt {
                            seat: self.lord,
                            role: Role::Lord,
                        });
                        image.hp.clone_from(&self.hp);
                        self.image = Some(Box::new(image));
                    }
                }
            }
            // A role the mode shows to everyone (斗地主's farmers).
            E::RoleShown { seat, role } => {
                if let Some(slot) = self.known.get_mut(seat.index()) {
                    *slot = Some(*role);
                }
            }
            E::GeneralShown { seat, hp, .. }
            | E::Damaged {
                target: seat, hp, ..
            } => self.set_hp(*seat, *hp),
            E::HpLost { seat, hp, .. } | E::Recovered { seat, hp, .. } => self.set_hp(*seat, *hp),
            E::Protection { seat, on } => self.protected = on.then_some(*seat),
            // 转世: back in play, its role still known (V-ZS-4).
            E::Reincarnated { seat, hp, .. } => {
                if let Some(alive) = self.alive.get_mut(seat.index()) {
                    *alive = true;
                }
                self.set_hp(*seat, *hp);
            }
            E::Died { seat, role, killer } => {
                if let Some(slot) = self.known.get_mut(seat.index()) {
                    *slot = Some(*role);
                    self.alive[seat.index()] = false;
                }
                if let Some(killer) = killer {
                    // Killing a rebel speaks for the lord's side, killing a loyalist against it.
                    let sign = match role {
                        Role::Rebel => 1.0,
                        Role::Loyalist | Role::Lord => -1.0,
                        Role::Renegade => 0.0,
                    };
                    if *killer != self.me {
                        self.add(*killer, 1.5 * sign, false);
                    }
                }
            }
            E::CardUsed {
                seat,
                card,
                targets,
            } => self.card_used(*seat, card.kind, targets),
            E::SkillInvoked {
                seat,
                skill,
                targets,
            } => self.skill_invoked(*seat, *skill, targets),
            E::PhaseStarted { .. } => self.trick = None,
            E::CardsMoved { from, .. } => {
                // A 过河拆桥 / 顺手牵羊 that takes a delayed trick away helps its holder.
                if let Some((user, kind, Some(target))) = self.trick {
                    let helped = matches!(kind, CardKind::Dismantlement | CardKind::Snatch)
                        && from.contains(&Zone::Judge(target));
                    if helped {
                        self.act(user, target, 2.0 * hostile_weight(kind));
                        self.trick = None;
                    }
                }
            }
            _ => {}
        }
    }

    fn set_hp(&mut self, seat: Seat, hp: i8) {
        if let Some(slot) = self.hp.get_mut(seat.index()) {
            *slot = hp;
        }
    }

    fn card_used(&mut self, user: Seat, kind: CardKind, targets: &[Seat]) {
        match kind {
            CardKind::Nullification => {
                self.nullifications += 1;
                if let Some((_, trick, Some(target))) = self.trick {
                    // An odd count protects the target from the trick, an even one undoes that.
                    let harmful = hostile_weight(trick) > 0.0;
                    let protects = (self.nullifications % 2 == 1) == harmful;
                    self.act(user, target, if protects { 1.5 } else { -1.5 });
                }
            }
            CardKind::Peach => {
                for t in targets.iter().filter(|t| **t != user) {
                    self.act(user, *t, 2.0);
                }
            }
            _ => {
                let w = hostile_weight(kind);
                if kind.is_trick() {
                    self.trick = Some((user, kind, targets.first().copied()));
                    self.nullifications = 0;
                }
                if w > 0.0 {
                    for t in targets {
                        self.act(user, *t, -w);
                    }
                }
            }
        }
    }

    fn skill_invoked(&mut self, user: Seat, skill: SkillId, targets: &[Seat]) {
        let w = match skill {
            SkillId::Rende | SkillId::RendeHeg | SkillId::RendeEarly => 0.8,
            SkillId::Jieyin | SkillId::Qingnang => 1.0,
            SkillId::Fanjian => -1.0,
            SkillId::Lijian | SkillId::LijianHeg => -0.5,
            SkillId::Tuxi => -0.5,
            SkillId::Liuli => -0.8,
            _ => return,
        };
        for t in targets {
            self.act(user, *t, w);
        }
    }

    /// `actor` did something to `target` that is friendly (`weight > 0`) or hostile.
    fn act(&mut self, actor: Seat, target: Seat, weight: f32) {
        if actor == target || actor.index() >= self.known.len() || actor == self.me {
            return;
        }
        let to_lord = target == self.lord;
        let align = self.alignment(target) * if to_lord { 1.5 } else { 1.0 };
        self.add(actor, weight * align, to_lord);
    }

    /// `seat` did something worth `pro` toward the lord's side (> 0 for it, < 0 against it).
    fn add(&mut self, seat: Seat, pro: f32, to_lord: bool) {
        if let Some(s) = self.suspicion.get_mut(seat.index()) {
            s.add(pro, to_lord);
        }
    }

    /// Roles not yet accounted for (loyalists, rebels, renegades) among the seats whose role the
    /// viewer does not know.
    pub fn unknown_roles(&self) -> (f32, f32, f32) {
        let Some(counts) = self
            .dealt
            .or_else(|| RoleTable::Standard.counts(self.seat_count()))
        else {
            return (0.0, 0.0, 0.0);
        };
        let dealt = |role| counts.of(role) as f32;
        let (mut l, mut r, mut g) = (
            dealt(Role::Loyalist),
            dealt(Role::Rebel),
            dealt(Role::Renegade),
        );
        for role in self.known.iter().flatten() {
            match role {
                Role::Loyalist => l -= 1.0,
                Role::Rebel => r -= 1.0,
                Role::Renegade => g -= 1.0,
                Role::Lord => {}
            }
        }
        (l.max(0.0), r.max(0.0), g.max(0.0))
    }

    /// Are rebels still in the game (as far as the viewer can tell)?
    pub fn rebels_left(&self) -> bool {
        let alive_known_rebel = self
            .known
            .iter()
            .zip(&self.alive)
            .any(|(r, a)| *a && *r == Some(Role::Rebel));
        alive_known_rebel || self.unknown_roles().1 > 0.0
    }

    /// Are loyalists still in the game (as far as the viewer can tell)?
    pub fn loyalists_left(&self) -> bool {
        let alive_known = self
            .known
            .iter()
            .zip(&self.alive)
            .any(|(r, a)| *a && *r == Some(Role::Loyalist));
        alive_known || self.unknown_roles().0 > 0.0
    }

    /// Probability that `seat` is on the lord's side (the lord, a loyalist, or a renegade who
    /// still sides with the lord while rebels are around).
    pub fn p_pro_lord(&self, seat: Seat) -> f32 {
        match self.known.get(seat.index()).copied().flatten() {
            Some(Role::Lord | Role::Loyalist) => return 1.0,
            Some(Role::Rebel) => return 0.0,
            Some(Role::Renegade) => return if self.rebels_left() { 0.5 } else { 0.0 },
            None => {}
        }
        let (l, r, g) = self.odds(seat);
        let _ = r;
        l + if self.rebels_left() { 0.5 * g } else { 0.0 }
    }

    /// The chances that a seat whose role the viewer does not know is a loyalist, a rebel or the
    /// renegade: the roles still unaccounted for, weighed by how well its behaviour fits each.
    pub fn odds(&self, seat: Seat) -> (f32, f32, f32) {
        let (l, r, g) = self.unknown_roles();
        let s = self
            .suspicion
            .get(seat.index())
            .copied()
            .unwrap_or_default();
        let (wl, wr, wg) = (l * s.loyal.exp(), r * s.rebel.exp(), g * s.renegade.exp());
        let total = wl + wr + wg;
        if total <= 0.0 {
            return (0.0, 0.0, 0.0);
        }
        (wl / total, wr / total, wg / total)
    }

    /// How pro-lord `seat` is, in [-1, 1].
    pub fn alignment(&self, seat: Seat) -> f32 {
        if seat.index() >= self.known.len() {
            return 0.0;
        }
        if seat == self.me {
            return match self.my_role {
                Some(Role::Lord | Role::Loyalist) => 1.0,
                Some(Role::Rebel) => -1.0,
                _ => 0.0,
            };
        }
        2.0 * self.p_pro_lord(seat) - 1.0
    }

    fn alive_count(&self) -> usize {
        self.alive.iter().filter(|a| **a).count()
    }

    /// How much the viewer wants `seat` to do well: +1 a sure ally, −1 a sure enemy.
    pub fn relation(&self, seat: Seat) -> f32 {
        if seat == self.me {
            return 1.0;
        }
        if seat.index() >= self.known.len() {
            return 0.0;
        }
        let known = self.known[seat.index()];
        match self.my_role {
            Some(Role::Lord | Role::Loyalist) => match known {
                Some(Role::Lord | Role::Loyalist) => 1.0,
                Some(Role::Rebel) => -1.0,
                // A renegade helps while rebels are around, and is the last enemy after.
                Some(Role::Renegade) => self.renegade_to_lord_side(),
                None => {
                    let (l, r, g) = self.odds(seat);
                    l - r + g * self.renegade_to_lord_side()
                }
            },
            Some(Role::Rebel) => match known {
                Some(Role::Rebel) => 1.0,
                Some(Role::Lord | Role::Loyalist) => -1.0,
                Some(Role::Renegade) => self.renegade_to_rebels(),
                None => {
                    let (l, r, g) = self.odds(seat);
                    r - l + g * self.renegade_to_rebels()
                }
            },
            Some(Role::Renegade) => self.renegade_relation(seat),
            None => 0.0,
        }
    }

    /// What the renegade is to the lord's side: it fights the rebels too, so it is left alone
    /// while they are around, and it is the last enemy after.
    fn renegade_to_lord_side(&self) -> f32 {
        if self.rebels_left() {
            0.5
        } else {
            -1.0
        }
    }

    /// What the renegade is to the rebels: it wears the loyalists down too, and it will turn on
    /// the lord in the end, so it is left alone — all the more once the loyalists are gone.
    fn renegade_to_rebels(&self) -> f32 {
        if self.loyalists_left() {
            0.45
        } else {
            0.5
        }
    }

    /// 内奸: keep the lord alive until the end, keep the two sides balanced so that neither
    /// wipes the other out while the other is still strong, and face the lord alone last.
    /// What it wants of a hidden seat is weighed by how likely that seat is a loyalist.
    fn renegade_relation(&self, seat: Seat) -> f32 {
        let (loyal, rebels) = self.living_sides();
        let lord_hp = self.hp[self.lord.index()];
        // The lord's death before the end is the rebels' win: one blow from dying, guard it.
        let lord_danger = lord_hp <= 2;
        if seat == self.lord {
            if self.alive_count() <= 2 {
                return -1.0;
            }
            // Alone with the lord against rebels, the renegade is the lord's last guard.
            return if lord_danger || loyal <= 0.0 {
                0.7
            } else {
                0.35
            };
        }
        let (as_loyal, as_rebel) = if rebels <= 0.0 || loyal <= 0.0 {
            // One side is gone: the other one is in the way.
            (-1.0, -1.0)
        } else if rebels <= 1.0 && lord_hp > 1 {
            // One rebel left, and the lord not about to die: that rebel falls soon anyway, so
            // take its reward (three cards) for the fight ahead, and keep wearing the
            // loyalists down.
            (-0.8, -0.5)
        } else if lord_danger {
            // The lord is one blow from dying: fight the rebels, and still spare no loyalist.
            (-0.4, -1.0)
        } else if loyal + 1.0 >= rebels {
            // The lord's side is ahead: wear the loyalists down, and let the rebels do it too.
            (-0.8, 0.6)
        } else {
            // The rebels are ahead but the lord is safe: keep HP and cards, and only check the
            // rebels.
            (0.2, -0.3)
        };
        let p = self.p_pro_lord(seat);
        p * as_loyal + (1.0 - p) * as_rebel
    }

    /// For a renegade: how the lord regards `seat` (+1 ally … −1 enemy), as far as the public
    /// record tells.
    pub fn lord_view(&self, seat: Seat) -> f32 {
        self.image
            .as_ref()
            .map_or(0.0, |image| image.relation(seat))
    }

    /// For a renegade: how likely the lord thinks this seat is on its side (1 for others).
    pub fn trusted_by_lord(&self) -> f32 {
        self.image
            .as_ref()
            .map_or(1.0, |image| image.p_pro_lord(self.me))
    }

    /// A renegade facing only the lord's side that the lord still takes for a loyalist: it can
    /// choose the moment to strike (see `Ctx::rel`).
    pub fn renegade_hidden(&self) -> bool {
        self.my_role == Some(Role::Renegade)
            && !self.rebels_left()
            && self.loyalists_left()
            && self.trusted_by_lord() >= 0.6
    }

    /// Expected living loyalists and rebels (known ones plus the unknown remainder).
    fn living_sides(&self) -> (f32, f32) {
        let (l, r, _) = self.unknown_roles();
        let known = |role: Role| {
            self.known
                .iter()
                .zip(&self.alive)
                .filter(|(k, a)| **a && **k == Some(role))
                .count() as f32
        };
        (l + known(Role::Loyalist), r + known(Role::Rebel))
    }
}

#[cfg(test)]
mod tests;
