//! 身份推断 Identity inference: what one seat believes about the others' roles, from public
//! behaviour only (the seat's own filtered events).
//!
//! Every seat whose role is hidden carries a score: the log-odds that it is on the lord's side.
//! The prior comes from the role counts still unaccounted for; each act toward another seat moves
//! the actor's score. Attacking someone the viewer believes pro-lord (the lord above all) is
//! evidence of being a rebel; helping them (a 桃 for the dying, a 无懈可击 that protects them,
//! giving them cards) is evidence of being loyal; and the other way round. From the beliefs and
//! the viewer's own role, [`Beliefs::relation`] says how much the viewer wants a seat to do well:
//! +1 a sure ally, −1 a sure enemy.

use sgs_engine::{CardKind, EventView, Role, RoleTable, Seat, SkillId, Zone};

/// What the viewer believes.
#[derive(Clone, Debug)]
pub struct Beliefs {
    pub me: Seat,
    pub my_role: Option<Role>,
    pub lord: Seat,
    /// Roles known to the viewer: its own, the lord's, the dead's.
    pub known: Vec<Option<Role>>,
    pub alive: Vec<bool>,
    /// Log-odds of being on the lord's side, from behaviour.
    pub evidence: Vec<f32>,
    /// Latest hp and max hp, for the renegade's balance sheet.
    pub hp: Vec<i8>,
    /// The trick being resolved now, for reading 无懈可击 and what follows a 过河拆桥.
    trick: Option<(Seat, CardKind, Option<Seat>)>,
    /// 无懈可击 used since the trick was announced.
    nullifications: u8,
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
            evidence: Vec::new(),
            hp: Vec::new(),
            trick: None,
            nullifications: 0,
        }
    }

    pub fn seat_count(&self) -> usize {
        self.known.len()
    }

    /// Takes note of one event.
    pub fn observe(&mut self, event: &EventView) {
        use sgs_engine::Event as E;
        match event {
            E::GameStarted { seats, lord } => {
                let n = *seats as usize;
                self.lord = *lord;
                self.known = vec![None; n];
                self.known[lord.index()] = Some(Role::Lord);
                self.alive = vec![true; n];
                self.evidence = vec![0.0; n];
                self.hp = vec![4; n];
            }
            E::RoleDealt { seat, role } => {
                if let Some(slot) = self.known.get_mut(seat.index()) {
                    *slot = Some(*role);
                }
                if *seat == self.me {
                    self.my_role = Some(*role);
                }
            }
            E::GeneralShown { seat, hp, .. }
            | E::Damaged {
                target: seat, hp, ..
            } => self.set_hp(*seat, *hp),
            E::HpLost { seat, hp, .. } | E::Recovered { seat, hp, .. } => self.set_hp(*seat, *hp),
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
                    self.add(*killer, 1.5 * sign);
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
            SkillId::Rende => 0.8,
            SkillId::Jieyin | SkillId::Qingnang => 1.0,
            SkillId::Fanjian => -1.0,
            SkillId::Lijian => -0.5,
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
        let align = self.alignment(target) * if target == self.lord { 1.5 } else { 1.0 };
        self.add(actor, weight * align);
    }

    fn add(&mut self, seat: Seat, delta: f32) {
        if let Some(e) = self.evidence.get_mut(seat.index()) {
            *e = (*e + delta).clamp(-6.0, 6.0);
        }
    }

    /// Roles not yet accounted for (loyalists, rebels, renegades) among the seats whose role the
    /// viewer does not know.
    pub fn unknown_roles(&self) -> (f32, f32, f32) {
        let Some(counts) = RoleTable::Standard.counts(self.seat_count()) else {
            return (0.0, 0.0, 0.0);
        };
        let (mut l, mut r, mut g) = (
            counts.loyalist as f32,
            counts.rebel as f32,
            counts.renegade as f32,
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
        let (l, r, g) = self.unknown_roles();
        let (pro, anti) = if r > 0.0 {
            (l + 0.5 * g, r + 0.5 * g)
        } else {
            (l, g)
        };
        if pro <= 0.0 {
            return 0.0;
        }
        if anti <= 0.0 {
            return 1.0;
        }
        let logit = (pro / anti).ln() + self.evidence[seat.index()];
        1.0 / (1.0 + (-logit).exp())
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
                Some(Role::Renegade) if self.rebels_left() => -0.2,
                Some(Role::Renegade) => -1.0,
                None => self.alignment(seat),
            },
            Some(Role::Rebel) => match known {
                Some(Role::Rebel) => 1.0,
                Some(Role::Lord | Role::Loyalist) => -1.0,
                Some(Role::Renegade) => -0.5,
                None => -self.alignment(seat),
            },
            Some(Role::Renegade) => self.renegade_relation(seat),
            None => 0.0,
        }
    }

    /// 内奸: keep the two sides balanced, never let the lord die before the end, and face the
    /// lord alone last.
    fn renegade_relation(&self, seat: Seat) -> f32 {
        let others_alive = self.alive_count().saturating_sub(2);
        let (loyal, rebels) = self.living_sides();
        if seat == self.lord {
            if others_alive == 0 {
                return -1.0;
            }
            // Keep the lord alive until everyone else is gone; help more when it is weak.
            let hp = self.hp[seat.index()];
            return if hp <= 2 || rebels > loyal + 2.0 {
                0.8
            } else {
                0.3
            };
        }
        let align = self.alignment(seat);
        if rebels <= 0.0 {
            return -1.0;
        }
        if loyal <= 0.0 {
            // Only rebels besides the lord: they are the ones to remove first.
            return -(1.0 - self.p_pro_lord(seat)).max(0.5);
        }
        let lord_hp = self.hp[self.lord.index()];
        if lord_hp <= 2 || rebels >= loyal + 2.0 {
            // The lord is in danger: side with it against the rebels.
            align
        } else if rebels <= 1.0 {
            // The last rebel must outlive the loyalists.
            -0.8 * align + 0.2
        } else {
            // Wear the loyalists down while the rebels keep the lord busy.
            -0.7 * align
        }
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
mod tests {
    use super::*;
    use sgs_engine::{Color, Event, UsedCard};

    fn used(seat: u8, kind: CardKind, targets: &[u8]) -> EventView {
        Event::CardUsed {
            seat: Seat(seat),
            card: UsedCard {
                kind,
                cards: Vec::new(),
                suit: None,
                rank: None,
                color: Color::None,
                skill: None,
            },
            targets: targets.iter().map(|t| Seat(*t)).collect(),
        }
    }

    /// An 8-seat table seen by `me` with `role`; seat 0 is the lord.
    fn table(me: u8, role: Role) -> Beliefs {
        let mut b = Beliefs::new(Seat(me));
        b.observe(&Event::GameStarted {
            seats: 8,
            lord: Seat(0),
        });
        b.observe(&Event::RoleDealt {
            seat: Seat(0),
            role: Role::Lord,
        });
        b.observe(&Event::RoleDealt {
            seat: Seat(me),
            role,
        });
        b
    }

    #[test]
    fn attacking_the_lord_marks_a_rebel_for_the_lord_side() {
        let mut b = table(1, Role::Loyalist);
        let before = b.relation(Seat(3));
        b.observe(&used(3, CardKind::Slash, &[0]));
        assert!(b.relation(Seat(3)) < before);
        assert!(b.relation(Seat(3)) < -0.5, "{}", b.relation(Seat(3)));
        // The lord is always an ally of a loyalist.
        assert_eq!(b.relation(Seat(0)), 1.0);
    }

    #[test]
    fn attacking_a_rebel_marks_a_loyalist() {
        let mut b = table(0, Role::Lord);
        b.observe(&used(3, CardKind::Slash, &[0]));
        b.observe(&used(3, CardKind::Duel, &[0]));
        // Seat 5 attacks the seat that attacked the lord: the lord now trusts seat 5.
        b.observe(&used(5, CardKind::Slash, &[3]));
        assert!(b.relation(Seat(5)) > 0.3, "{}", b.relation(Seat(5)));
        assert!(b.relation(Seat(3)) < -0.5);
    }

    #[test]
    fn saving_the_lord_is_loyal_and_a_rebel_sees_the_saver_as_an_enemy() {
        let mut rebel = table(2, Role::Rebel);
        rebel.observe(&used(4, CardKind::Peach, &[0]));
        assert!(rebel.relation(Seat(4)) < -0.5);
        assert_eq!(rebel.relation(Seat(0)), -1.0);
        let mut lord = table(0, Role::Lord);
        lord.observe(&used(4, CardKind::Peach, &[0]));
        assert!(lord.relation(Seat(4)) > 0.5);
    }

    #[test]
    fn dead_roles_are_known_and_change_the_counts() {
        let mut b = table(0, Role::Lord);
        for seat in [2, 3, 4, 5] {
            b.observe(&Event::Died {
                seat: Seat(seat),
                role: Role::Rebel,
                killer: None,
            });
        }
        assert!(!b.rebels_left());
        assert_eq!(b.relation(Seat(2)), -1.0);
        // Two loyalists and a renegade left among three unknown seats.
        let p = b.p_pro_lord(Seat(1));
        assert!((p - 2.0 / 3.0).abs() < 1e-4, "{p}");
    }

    #[test]
    fn a_renegade_keeps_the_lord_alive_until_the_end() {
        let mut b = table(7, Role::Renegade);
        assert!(b.relation(Seat(0)) > 0.0);
        for seat in 1..7 {
            b.observe(&Event::Died {
                seat: Seat(seat),
                role: if seat < 3 {
                    Role::Loyalist
                } else {
                    Role::Rebel
                },
                killer: None,
            });
        }
        assert_eq!(b.relation(Seat(0)), -1.0);
    }

    #[test]
    fn nullifying_a_harmful_trick_protects_its_target() {
        let mut b = table(1, Role::Loyalist);
        b.observe(&used(3, CardKind::Dismantlement, &[0]));
        b.observe(&used(6, CardKind::Nullification, &[]));
        assert!(b.relation(Seat(6)) > 0.3, "{}", b.relation(Seat(6)));
        assert!(b.relation(Seat(3)) < 0.0);
    }
}
