//! [`Ctx`]: the table as the deciding seat sees it — its view, its beliefs, its memory — with
//! the questions every heuristic asks: who is an ally, how far is that seat, what does it hold.
//! Distance and range are recomputed from the view (seat order, horses, 马术), never from the
//! engine's state.

use sgs_engine::{Card, CardId, CardKind, Role, RoleTable, Seat, SeatView, SkillId, Slot, View};

use super::Memory;
use crate::belief::{Beliefs, LORD_IN_REACH};
use crate::rules::{GeneralRules, KindRules, SkillRules};

/// Below this relation a seat is treated as an enemy.
pub const ENEMY: f32 = -0.15;
/// Above this relation a seat is treated as an ally.
pub const ALLY: f32 = 0.3;

/// One decision's context.
pub struct Ctx<'a> {
    pub view: &'a View,
    pub me: Seat,
    pub beliefs: &'a Beliefs,
    pub memory: &'a Memory,
    /// The seat's hand, as cards.
    pub hand: Vec<Card>,
    /// 计分赛: the seat plays for its own points, not only its camp's win (`score.rs`).
    pub scoring: bool,
}

impl<'a> Ctx<'a> {
    pub fn new(view: &'a View, me: Seat, beliefs: &'a Beliefs, memory: &'a Memory) -> Self {
        let hand = view
            .seats
            .get(me.index())
            .and_then(|s| s.hand.as_ref())
            .map(|h| h.iter().map(|c| view.deck.card(*c)).collect())
            .unwrap_or_default();
        Ctx {
            view,
            me,
            beliefs,
            memory,
            hand,
            scoring: false,
        }
    }

    pub fn seat(&self, seat: Seat) -> &SeatView {
        &self.view.seats[seat.index()]
    }

    pub fn my(&self) -> &SeatView {
        self.seat(self.me)
    }

    pub fn my_role(&self) -> Option<Role> {
        self.my().role
    }

    /// The lord's seat.
    pub fn lord(&self) -> Seat {
        self.view
            .seats
            .iter()
            .find(|s| s.role == Some(Role::Lord))
            .map_or(self.beliefs.lord, |s| s.seat)
    }

    /// How much this seat wants `seat` to do well (+1 ally … −1 enemy).
    pub fn rel(&self, seat: Seat) -> f32 {
        if seat == self.me {
            return 1.0;
        }
        let s = self.seat(seat);
        // 国战: sides are the generals' factions (H-FAC-2/3).
        if let Some(rel) = self.faction_rel(seat) {
            return rel;
        }
        // An open table (斗地主, 2v2, 1v1, 3v3: every role public) plays by camps: the lord's
        // and loyalists' roles against the rebels' and the renegade's (3v3's cool marshal).
        if let (Some(mine), Some(theirs)) = (self.my_role(), s.role) {
            if self.open_table() {
                let warm = |r: Role| matches!(r, Role::Lord | Role::Loyalist);
                return if warm(mine) == warm(theirs) {
                    1.0
                } else {
                    -1.0
                };
            }
        }
        // A role the view shows overrides the belief (dead seats, the end of the game).
        match (self.my_role(), s.role) {
            (Some(Role::Lord | Role::Loyalist), Some(Role::Lord | Role::Loyalist)) => 1.0,
            (Some(Role::Lord | Role::Loyalist), Some(Role::Rebel)) => -1.0,
            (Some(Role::Rebel), Some(Role::Rebel)) => 1.0,
            (Some(Role::Rebel), Some(Role::Lord | Role::Loyalist)) => -1.0,
            _ => {
                let rel = self.beliefs.relation(seat);
                if rel < 0.0 && self.beliefs.renegade_hidden() && !self.strike_at(seat) {
                    // Hidden among the lord's side: no hostility until the blow can tell.
                    rel.max(-0.1)
                } else {
                    rel
                }
            }
        }
    }

    /// Does the view show a living seat's role besides its own and the lord's? Only in modes
    /// whose roles are all public (identity shows the others' only when they die).
    /// 国战: +1 for a seat of this seat's faction (its own kingdom, known to it from its hidden
    /// generals), −1 for a shown seat of another faction or a careerist, a wary −0.3 for a
    /// seat that has shown nothing. `None` at tables without two generals per seat.
    fn faction_rel(&self, seat: Seat) -> Option<f32> {
        let mine = self.my().duo.as_ref()?;
        let theirs = self.seat(seat).duo.as_ref()?;
        let kingdom = |g| sgs_engine::REGISTRY.general(g).kingdom;
        let my_kingdom = mine.main.map(kingdom)?;
        let shown = if theirs.main_shown {
            theirs.main
        } else if theirs.deputy_shown {
            theirs.deputy
        } else {
            None
        };
        let Some(general) = shown else {
            return Some(-0.3);
        };
        let me_careerist = mine.careerist && (mine.main_shown || mine.deputy_shown);
        if theirs.careerist || me_careerist || kingdom(general) != my_kingdom {
            return Some(-1.0);
        }
        Some(1.0)
    }

    fn open_table(&self) -> bool {
        self.view.outcome.is_none()
            && self
                .view
                .seats
                .iter()
                .any(|s| s.alive && s.seat != self.me && s.role.is_some_and(|r| r != Role::Lord))
    }

    /// A hidden renegade's moment to turn on `seat`: it is nearly dead, the hand can finish it,
    /// or waiting has gone on long enough.
    fn strike_at(&self, seat: Seat) -> bool {
        let hp = self.hp(seat) as f32;
        let slashes = self.can_produce(CardKind::Slash) as f32;
        let unlimited = self.i_have(SkillId::Paoxiao)
            || self.i_have(SkillId::Feijiang)
            || self.equipped_kind(self.me, Slot::Weapon) == Some(CardKind::Crossbow);
        let power = if unlimited { slashes } else { slashes.min(1.0) } * 0.6
            + self.count_in_hand(CardKind::Duel) as f32 * 0.6
            + self.count_in_hand(CardKind::ArcheryAttack) as f32 * 0.4
            + self.count_in_hand(CardKind::SavageAssault) as f32 * 0.4;
        // The lord suspects the target more than this seat: hurting it looks loyal.
        let framed = self.beliefs.lord_view(seat) + 0.3 < self.beliefs.lord_view(self.me);
        framed || hp <= 1.0 || power >= hp - 0.5 || self.memory.turns_hidden >= 3
    }

    pub fn is_enemy(&self, seat: Seat) -> bool {
        seat != self.me && self.rel(seat) < ENEMY
    }

    pub fn is_ally(&self, seat: Seat) -> bool {
        seat == self.me || self.rel(seat) > ALLY
    }

    /// Living seats other than this one, in seat order.
    pub fn others(&self) -> impl Iterator<Item = &SeatView> + '_ {
        self.view
            .seats
            .iter()
            .filter(move |s| s.alive && s.seat != self.me)
    }

    pub fn alive(&self) -> impl Iterator<Item = &SeatView> + '_ {
        self.view.seats.iter().filter(|s| s.alive)
    }

    /// Does `seat`'s general have `skill` (lord skills only for the lord)?
    pub fn has_skill(&self, seat: Seat, skill: SkillId) -> bool {
        let s = self.seat(seat);
        let general = s.general.general();
        general.skills.contains(&skill)
            && (!skill.def().tags.lord || s.role == Some(Role::Lord) || seat == self.lord())
    }

    pub fn i_have(&self, skill: SkillId) -> bool {
        self.has_skill(self.me, skill)
    }

    pub fn equipped(&self, seat: Seat, slot: Slot) -> Option<Card> {
        self.seat(seat)
            .equip
            .iter()
            .map(|c| self.view.deck.card(*c))
            .find(|c| c.kind.slot() == Some(slot))
    }

    pub fn equipped_kind(&self, seat: Seat, slot: Slot) -> Option<CardKind> {
        self.equipped(seat, slot).map(|c| c.kind)
    }

    pub fn has_delayed(&self, seat: Seat, kind: CardKind) -> bool {
        self.seat(seat).judge.iter().any(|(_, k)| *k == kind)
    }

    pub fn is_wounded(&self, seat: Seat) -> bool {
        let s = self.seat(seat);
        s.hp < s.max_hp as i8
    }

    pub fn hp(&self, seat: Seat) -> i8 {
        self.seat(seat).hp
    }

    /// 距离 Steps among living seats, then horses and 马术; at least 1.
    pub fn distance(&self, from: Seat, to: Seat) -> i32 {
        if from == to {
            return 0;
        }
        let n = self.view.seats.len();
        let alive = |i: usize| self.view.seats[i % n].alive;
        let steps = (1..n)
            .take_while(|d| (from.index() + d) % n != to.index())
            .filter(|d| alive(from.index() + d))
            .count() as i32
            + 1;
        let living = self.view.seats.iter().filter(|s| s.alive).count() as i32;
        let mut d = steps.min(living - steps);
        if self.equipped(from, Slot::OffensiveHorse).is_some() {
            d -= 1;
        }
        if self.has_skill(from, SkillId::Mashu) {
            d -= 1;
        }
        if self.equipped(to, Slot::DefensiveHorse).is_some() {
            d += 1;
        }
        d.max(1)
    }

    /// 攻击范围 The weapon's range, or 1.
    pub fn attack_range(&self, seat: Seat) -> i32 {
        self.equipped_kind(seat, Slot::Weapon)
            .map_or(1, |k| k.def().range as i32)
    }

    pub fn in_range(&self, from: Seat, to: Seat) -> bool {
        from != to && self.distance(from, to) <= self.attack_range(from)
    }

    /// The card a hand card or equipment id names.
    pub fn card(&self, id: CardId) -> Card {
        self.view.deck.card(id)
    }

    /// The kind a set of cards becomes under `skill` (a conversion), or the card itself.
    pub fn produced_kind(&self, cards: &[CardId], skill: Option<SkillId>) -> Option<CardKind> {
        match skill {
            None => cards.first().map(|c| self.card(*c).kind),
            Some(skill) => {
                let view_as = skill.def().view_as.as_ref()?;
                let cards: Vec<Card> = cards.iter().map(|c| self.card(*c)).collect();
                (view_as.as_kind)(&cards)
            }
        }
    }

    pub fn count_in_hand(&self, kind: CardKind) -> usize {
        self.hand.iter().filter(|c| c.kind == kind).count()
    }

    /// Cards in hand that can answer a request for `kind`, conversions included.
    pub fn can_produce(&self, kind: CardKind) -> usize {
        self.hand.iter().filter(|c| self.counts_as(c, kind)).count()
    }

    /// Could this hand card be given as `kind` (by itself or by one of this seat's skills)?
    pub fn counts_as(&self, card: &Card, kind: CardKind) -> bool {
        if card.kind == kind {
            return true;
        }
        let red = card.color() == sgs_engine::Color::Red;
        match kind {
            CardKind::Slash => {
                (self.i_have(SkillId::Wusheng) && red)
                    || (self.i_have(SkillId::Longdan) && card.kind == CardKind::Jink)
            }
            CardKind::Jink => {
                (self.i_have(SkillId::Qingguo) && !red)
                    || self.i_have(SkillId::QingguoEarly)
                    || (self.i_have(SkillId::Longdan) && card.kind == CardKind::Slash)
            }
            CardKind::Peach => self.i_have(SkillId::Jijiu) && red && self.view.current != self.me,
            _ => false,
        }
    }

    /// Is it this seat's own turn?
    pub fn my_turn(&self) -> bool {
        self.view.current == self.me
    }

    /// Living seats that are enemies, allies (this one included).
    pub fn side_counts(&self) -> (usize, usize) {
        let enemies = self.others().filter(|s| self.is_enemy(s.seat)).count();
        let allies = self.alive().filter(|s| self.is_ally(s.seat)).count();
        (enemies, allies)
    }

    /// How many seats of `role` the table dealt.
    pub fn dealt(&self, role: Role) -> usize {
        if !self.view.dealt.is_empty() {
            return self.view.dealt.iter().filter(|r| **r == role).count();
        }
        RoleTable::Standard
            .counts(self.view.seats.len())
            .map_or(0, |c| c.of(role) as usize)
    }

    /// How many seats of `role` are still standing: those dealt, less the dead (a dead seat
    /// shows its role).
    pub fn standing(&self, role: Role) -> usize {
        let dealt = self.dealt(role);
        let dead = self
            .view
            .seats
            .iter()
            .filter(|s| !s.alive && s.role == Some(role))
            .count();
        dealt.saturating_sub(dead)
    }

    /// How much harm to `seat` is worth: more when it is close to dying; the lord by what the
    /// deciding seat's role makes of it.
    pub fn harm_worth(&self, seat: Seat) -> f32 {
        let s = self.seat(seat);
        // 暗魂: a protected character at 1 HP takes nothing (V-AH-2); wait for the protection
        // to end rather than spend cards on it.
        if self.beliefs.protected == Some(seat) && s.hp <= 1 {
            return 0.0;
        }
        let mut worth = match s.hp {
            i8::MIN..=1 => 2.0,
            2 => 1.4,
            _ => 1.0,
        };
        if seat == self.lord() {
            match self.my_role() {
                // The renegade weighs the lord by its own plan (`Beliefs::renegade_relation`).
                Some(Role::Renegade) => {}
                // 反贼 at a table of three or more cut away the lord's defenders first (剪除羽翼):
                // while loyalists stand and the rebels are more than one, a healthy lord is not
                // worth a blow; once it is within reach, alone, or facing a lone rebel, it is
                // their first target. Two rebels are too few to share the work.
                Some(Role::Rebel)
                    if s.hp > LORD_IN_REACH
                        && self.standing(Role::Loyalist) > 0
                        && self.dealt(Role::Rebel) >= 3
                        && self.standing(Role::Rebel) >= 2 =>
                {
                    worth = 0.0
                }
                // Everyone else whose goal hangs on the lord counts it at more than one seat.
                _ => worth *= 1.6,
            }
        }
        worth
    }
}
