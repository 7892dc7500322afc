//! Read-only questions about the table: who is alive, seat order, distance and attack range,
//! which skills a seat has. Modifiers from skills and equipment are folded in here, in one place.

use crate::card::{CardId, CardKind, Slot, UsedCard};
use crate::def::skill::SkillDef;
use crate::game::Game;
use crate::ids::SkillId;
use crate::resolve::Timing;
use crate::seat::{Role, Seat};

impl Game {
    pub fn is_alive(&self, seat: Seat) -> bool {
        self.seats[seat.index()].alive
    }

    pub fn hp(&self, seat: Seat) -> i8 {
        self.seats[seat.index()].hp
    }

    pub fn is_wounded(&self, seat: Seat) -> bool {
        let s = &self.seats[seat.index()];
        s.hp < s.max_hp as i8
    }

    pub fn role(&self, seat: Seat) -> Role {
        self.seats[seat.index()].role
    }

    /// The lord's seat.
    pub fn lord(&self) -> Seat {
        Seat(
            self.seats
                .iter()
                .position(|s| s.role == Role::Lord)
                .unwrap_or(0) as u8,
        )
    }

    /// Living seats in seat order starting from `from` (included if alive).
    pub fn order_from(&self, from: Seat) -> Vec<Seat> {
        let n = self.seats.len();
        (0..n)
            .map(|i| Seat(((from.index() + i) % n) as u8))
            .filter(|s| self.is_alive(*s))
            .collect()
    }

    /// Living seats in seat order starting from the current seat.
    pub fn order_from_current(&self) -> Vec<Seat> {
        self.order_from(self.turn.seat)
    }

    /// The next living seat after `seat` in seat order (`seat` itself if it is the only one).
    pub fn next_alive(&self, seat: Seat) -> Seat {
        let n = self.seats.len();
        (1..=n)
            .map(|i| Seat(((seat.index() + i) % n) as u8))
            .find(|s| self.is_alive(*s))
            .unwrap_or(seat)
    }

    pub fn alive_count(&self) -> usize {
        self.seats.iter().filter(|s| s.alive).count()
    }

    /// The card in `seat`'s equipment `slot`.
    pub fn equipped(&self, seat: Seat, slot: Slot) -> Option<CardId> {
        self.table.seats[seat.index()].equipped(slot)
    }

    pub fn equipped_kind(&self, seat: Seat, slot: Slot) -> Option<CardKind> {
        self.equipped(seat, slot).map(|c| self.card(c).kind)
    }

    /// Every skill `seat` has now: its general's (lord skills only for the lord) and those of
    /// its equipment.
    pub fn skills_of(&self, seat: Seat) -> Vec<&'static SkillDef> {
        self.skills(seat).collect()
    }

    /// [`Game::skills_of`] without allocating: the queries below run for every target of every
    /// card of every play prompt, and trigger windows ask every seat at every timing.
    pub fn skills(&self, seat: Seat) -> impl Iterator<Item = &'static SkillDef> + '_ {
        self.skills_without(seat, &[])
    }

    /// As [`Game::skills`], leaving out the skills of the equipment among `ignored` (cards
    /// being used as something else, such as a −1 horse used as 杀 by 武圣).
    fn skills_without<'a>(
        &'a self,
        seat: Seat,
        ignored: &'a [CardId],
    ) -> impl Iterator<Item = &'static SkillDef> + 'a {
        let state = &self.seats[seat.index()];
        // A silencing skill (缠怨) that holds now leaves only itself of the general's skills.
        let silenced = self.has_silencers
            && state.skills.iter().any(|id| {
                self.skill_def(*id)
                    .silences
                    .is_some_and(|holds| holds(self, seat))
            });
        // 主公技 work only where the mode says (identity: for the lord).
        let general = state
            .skills
            .iter()
            .map(|id| self.skill_def(*id))
            .filter(move |def| !silenced || def.silences.is_some())
            .filter(move |def| !def.tags.lord || (self.mode.lord_skills)(self, seat));
        // An equipment card's skill is its printed kind's.
        let equipment = self.table.seats[seat.index()]
            .equipment()
            .filter(move |card| !ignored.contains(card))
            .filter_map(|card| self.card_def(self.deck.card(card).kind).skill)
            .map(|skill| self.skill_def(skill));
        general.chain(equipment)
    }

    /// Does `seat`'s judgment area already hold a delayed trick of `kind`? (At most one of each
    /// kind may lie there: 乐不思蜀, 兵粮寸断, 闪电.)
    pub fn holds_delayed(&self, seat: Seat, kind: CardKind) -> bool {
        self.table.seats[seat.index()]
            .judge
            .iter()
            .any(|d| d.kind == kind)
    }

    /// Has a 杀 played against `seat` in a 决斗 no effect on it now (the 2008 空城)?
    pub(crate) fn duel_slash_void(&self, seat: Seat) -> bool {
        self.skills(seat)
            .any(|s| s.modifiers.duel_slash_void.is_some_and(|f| f(self, seat)))
    }

    pub fn has_skill(&self, seat: Seat, skill: SkillId) -> bool {
        self.skills(seat).any(|d| d.id == skill)
    }

    /// Does any skill of `seat` hook `timing`?
    pub(crate) fn has_trigger(&self, seat: Seat, timing: Timing) -> bool {
        self.triggering_skills(seat)
            .any(|d| d.triggers.iter().any(|t| t.timing == timing))
    }

    /// 距离 Distance from `from` to `to`: steps among living seats, then horses and skills;
    /// at least 1 (0 to oneself).
    pub fn distance(&self, from: Seat, to: Seat) -> i32 {
        self.distance_ignoring(from, to, &[])
    }

    /// The distance from `from` to `to` as if `from` no longer had the equipment card `without`
    /// (流离 paying with its own −1 horse).
    pub fn distance_without(&self, from: Seat, to: Seat, without: Option<CardId>) -> i32 {
        self.distance_ignoring(from, to, without.as_slice())
    }

    /// The distance as if `from`'s equipment among `ignored` were not there (it is being used
    /// as the card whose target is checked).
    pub fn distance_ignoring(&self, from: Seat, to: Seat, ignored: &[CardId]) -> i32 {
        if from == to {
            return 0;
        }
        // Living seats in order from `from`: how many, and where `to` is among them.
        let n = self.seats.len();
        let (mut living, mut steps) = (0i32, None);
        for i in 0..n {
            let seat = Seat(((from.index() + i) % n) as u8);
            if self.is_alive(seat) {
                if seat == to {
                    steps = Some(living);
                }
                living += 1;
            }
        }
        let steps = steps.unwrap_or(0);
        let around = (living - steps).min(steps);
        let mut distance = around;
        for skill in self.skills_without(from, ignored) {
            if let Some(f) = skill.modifiers.distance_from {
                distance += f(self, from, to);
            }
        }
        for skill in self.skills(to) {
            if let Some(f) = skill.modifiers.distance_to {
                distance += f(self, to, from);
            }
        }
        distance.max(1)
    }

    /// 攻击范围 Attack range: the weapon's range, or 1; plus the largest bonus another living
    /// seat's weapon gives it (吴六剑, H-CARD-WULIU).
    pub fn attack_range(&self, seat: Seat) -> i32 {
        let own = self
            .equipped_kind(seat, Slot::Weapon)
            .map_or(1, |k| self.card_def(k).range as i32);
        let mut bonus = 0;
        for i in 0..self.seats.len() {
            let other = Seat(i as u8);
            if other == seat || !self.is_alive(other) {
                continue;
            }
            let Some(skill) = self
                .equipped_kind(other, Slot::Weapon)
                .and_then(|k| self.card_def(k).skill)
            else {
                continue;
            };
            if let Some(f) = self.skill_def(skill).modifiers.others_attack_range {
                bonus = bonus.max(f(self, other, seat));
            }
        }
        own + bonus
    }

    /// Is `to` within `from`'s attack range?
    pub fn in_attack_range(&self, from: Seat, to: Seat) -> bool {
        from != to && self.distance(from, to) <= self.attack_range(from)
    }

    /// Does `seat`'s armor work against this card use? (青釭剑 makes the user's 杀 ignore it.)
    pub fn armor_works(&self, seat: Seat, use_id: Option<usize>) -> bool {
        self.equipped(seat, Slot::Armor).is_some() && !self.armor_ignored(use_id)
    }

    /// Does this card use ignore its targets' armor — an equipped one, or an armor effect a
    /// skill gives (八阵)? (青釭剑's 杀.)
    pub fn armor_ignored(&self, use_id: Option<usize>) -> bool {
        let Some(id) = use_id else { return false };
        let card_use = self.card_use(id);
        self.skills(card_use.user).any(|s| {
            s.modifiers
                .ignores_armor
                .is_some_and(|f| f(self, card_use.user, &card_use.card))
        })
    }

    /// May `seat` not use 杀 now (天义 lost)? Playing one in response is not using it.
    pub fn cannot_use_slash(&self, seat: Seat) -> bool {
        self.skills(seat)
            .any(|s| s.modifiers.no_slash.is_some_and(|f| f(self, seat)))
    }

    /// Is `saver` forbidden to use 桃 to save `dying` now (完杀: in 贾诩's turn only the dying
    /// and 贾诩 may)?
    pub fn rescue_forbidden(&self, saver: Seat, dying: Seat) -> bool {
        self.order_from(saver).into_iter().any(|owner| {
            self.skills(owner).any(|s| {
                s.modifiers
                    .forbids_rescue
                    .is_some_and(|f| f(self, owner, saver, dying))
            })
        })
    }

    /// May `user` choose `target` for `card` at all (空城, 谦逊 …)?
    pub fn is_prohibited(&self, user: Seat, target: Seat, card: &UsedCard) -> bool {
        self.skills(target).any(|s| {
            s.modifiers
                .prohibit
                .is_some_and(|f| f(self, target, user, card))
        })
    }

    /// Does the distance limit of this card not apply to `user` (奇才's tricks, 武神's ♥ 杀)?
    pub fn ignores_distance(&self, user: Seat, card: &UsedCard) -> bool {
        self.skills(user).any(|s| {
            s.modifiers
                .no_distance_limit
                .is_some_and(|f| f(self, user, card))
        })
    }

    /// The distance limit of a card limited to distance 1, for `user` (断粮's 兵粮寸断: 2).
    /// A card converted by a hidden general's skill reveals that general as it is used (国战
    /// H-REV-9), so the converting skill's own reach counts for it (断粮 while 徐晃 is hidden).
    pub fn card_reach(&self, user: Seat, card: &UsedCard) -> i32 {
        let converting = card
            .skill
            .filter(|s| self.hidden_general_with(user, *s).is_some() && !self.reveal_blocked(user))
            .map(|s| self.skill_def(s));
        1 + self
            .skills(user)
            .chain(converting)
            .filter_map(|s| s.modifiers.card_reach.map(|f| f(self, user, card)))
            .sum::<i32>()
    }

    /// How many 杀 `user` may use this play phase, `None` for no limit.
    pub fn slash_limit(&self, user: Seat, card: &UsedCard) -> Option<u8> {
        let unlimited = self.skills(user).any(|s| {
            s.modifiers
                .unlimited_slash
                .is_some_and(|f| f(self, user, card))
        });
        let extra: u8 = self
            .skills(user)
            .filter_map(|s| s.modifiers.extra_slashes.map(|f| f(self, user)))
            .sum();
        (!unlimited).then_some(1 + extra)
    }

    /// May `user`'s `card` take one more target at distance 1 (短兵)?
    pub fn near_extra_target(&self, user: Seat, card: &UsedCard) -> bool {
        self.skills(user).any(|s| {
            s.modifiers
                .near_extra_target
                .is_some_and(|f| f(self, user, card))
        })
    }

    /// Extra targets `user` may choose for `card` (方天画戟).
    pub fn extra_targets(&self, user: Seat, card: &UsedCard) -> usize {
        self.skills(user)
            .filter_map(|s| s.modifiers.extra_targets.map(|f| f(self, user, card)))
            .sum::<u8>() as usize
    }

    /// 手牌上限 Hand limit: current HP (never below 0), changed by skills.
    pub fn hand_limit(&self, seat: Seat) -> usize {
        let mut limit = self.hp(seat).max(0) as i32;
        for skill in self.skills(seat) {
            if let Some(f) = skill.modifiers.hand_limit {
                limit += f(self, seat);
            }
        }
        limit.max(0) as usize
    }

    /// Does `card_use` have no effect on `target` (仁王盾 against black 杀)?
    pub(crate) fn is_immune(&self, target: Seat, use_id: usize) -> bool {
        self.skills(target)
            .any(|s| s.modifiers.immune.is_some_and(|f| f(self, target, use_id)))
    }

    /// Cards of `seat` that another seat may pick: (hand count, face-up cards).
    pub(crate) fn pickable(
        &self,
        seat: Seat,
        hand: bool,
        equip: bool,
        judge: bool,
    ) -> (usize, Vec<CardId>) {
        let cards = &self.table.seats[seat.index()];
        let hand_count = if hand { cards.hand.len() } else { 0 };
        let mut visible = Vec::new();
        if equip {
            visible.extend(cards.equipment());
        }
        if judge {
            visible.extend(cards.judge.iter().map(|d| d.card));
        }
        (hand_count, visible)
    }

    /// Extra HP `target` recovers from the 桃 of this use (救援).
    /// Does `seat`, at 0 HP or below, stay out of dying (the 2009 不屈)?
    pub(crate) fn alive_below_one(&self, seat: Seat) -> bool {
        self.skills(seat)
            .any(|s| s.modifiers.alive_below_one.is_some_and(|f| f(self, seat)))
    }

    pub(crate) fn peach_bonus(&self, use_id: usize, target: Seat) -> u8 {
        self.skills(target)
            .filter_map(|s| s.modifiers.peach_bonus.map(|f| f(self, target, use_id)))
            .sum()
    }
}
