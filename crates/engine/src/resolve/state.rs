//! The lasting state the rules keep on a character, written once for every skill and card that
//! needs it: usage counts ([`Game::invoke`], the one way a skill is announced), marks, piles of
//! cards on a general, turned over and chained, skills gained and lost, cards shown without
//! moving, extra turns and skipped phases. Each change is an event, so every client folds the
//! same table from its stream, and the `View` carries the result.

use crate::card::{CardId, CardKind};
use crate::def::skill::Period;
use crate::event::{Event, Known};
use crate::game::{Game, Mark, Usage};
use crate::ids::{MarkId, SkillId};
use crate::prompt::Phase;
use crate::resolve::{Timing, TimingData};
use crate::seat::Seat;
use crate::zone::{Pile, Visibility, Zone};

/// The mark of a 酒 waiting for the next 杀.
const DRUNK: MarkId = MarkId::Card(CardKind::Analeptic);

// The standard content uses only some of these operations (the expansions' content uses the
// rest); each has its unit test in `mechanics_tests/`.
#[allow(dead_code)]
impl Game {
    // ---- usage -----------------------------------------------------------------------------

    /// `seat` invokes `skill` (on `targets`): announces it and counts the use against the
    /// skill's limit. A limited skill (限定技) is used up; an awakening skill (觉醒技) awakens.
    pub(crate) fn invoke(&mut self, seat: Seat, skill: SkillId, targets: Vec<Seat>) {
        self.emit(Event::SkillInvoked {
            seat,
            skill,
            targets,
        });
        let def = self.skill_def(skill);
        let Some(limit) = def.effective_limit() else {
            return;
        };
        match self
            .usage
            .iter_mut()
            .find(|u| u.seat == seat && u.skill == skill)
        {
            Some(usage) => usage.count = usage.count.saturating_add(1),
            None => self.usage.push(Usage {
                seat,
                skill,
                period: limit.per,
                count: 1,
            }),
        }
        let state = &mut self.seats[seat.index()];
        if def.tags.limited && !state.limited_used.contains(&skill) {
            state.limited_used.push(skill);
            self.emit(Event::LimitedSkillUsed { seat, skill });
        }
        let state = &mut self.seats[seat.index()];
        if def.tags.awakening && !state.awakened.contains(&skill) {
            state.awakened.push(skill);
            self.emit(Event::Awakened { seat, skill });
        }
    }

    /// May `seat` use `skill` again now (within its limit)?
    pub fn uses_left(&self, seat: Seat, skill: SkillId) -> bool {
        let def = self.skill_def(skill);
        let Some(limit) = def.effective_limit() else {
            return true;
        };
        let state = &self.seats[seat.index()];
        if (def.tags.limited && state.limited_used.contains(&skill))
            || (def.tags.awakening && state.awakened.contains(&skill))
        {
            return false;
        }
        let used = self
            .usage
            .iter()
            .find(|u| u.seat == seat && u.skill == skill)
            .map_or(0, |u| u.count);
        used < limit.times
    }

    /// A new `period` begins: the uses counted over the last one are forgotten.
    pub(crate) fn reset_usage(&mut self, period: Period) {
        self.usage.retain(|u| u.period != period);
    }

    // ---- marks -----------------------------------------------------------------------------

    /// The count of `seat`'s mark `mark` (0 when it has none).
    pub fn mark(&self, seat: Seat, mark: MarkId) -> u16 {
        self.seats[seat.index()]
            .marks
            .iter()
            .find(|m| m.id == mark)
            .map_or(0, |m| m.count)
    }

    /// Sets `seat`'s mark `mark` to `count` (0 removes it), seen as `visibility` says.
    pub(crate) fn set_mark(
        &mut self,
        seat: Seat,
        mark: MarkId,
        count: u16,
        visibility: Visibility,
    ) {
        let marks = &mut self.seats[seat.index()].marks;
        match marks.iter().position(|m| m.id == mark) {
            Some(i) if count == 0 => {
                marks.remove(i);
            }
            Some(i) => {
                marks[i].count = count;
                marks[i].visibility = visibility;
            }
            None if count == 0 => return,
            None => marks.push(Mark {
                id: mark,
                count,
                visibility,
            }),
        }
        self.emit(Event::MarkChanged {
            seat,
            mark,
            count,
            visibility,
        });
    }

    /// Adds `delta` (possibly negative) to `seat`'s mark `mark`, never below 0.
    pub(crate) fn add_mark(
        &mut self,
        seat: Seat,
        mark: MarkId,
        delta: i32,
        visibility: Visibility,
    ) {
        let count = (i32::from(self.mark(seat, mark)) + delta).clamp(0, i32::from(u16::MAX));
        self.set_mark(seat, mark, count as u16, visibility);
    }

    // ---- 酒 ----------------------------------------------------------------------------------

    /// 酒 `seat`'s next 杀 this turn deals 1 more damage: a public mark until that 杀 is used
    /// or the turn ends (`timing-rulings.md` F.26).
    pub(crate) fn drink(&mut self, seat: Seat) {
        self.add_mark(seat, DRUNK, 1, Visibility::Public);
    }

    /// The 酒 waiting for `seat`'s next 杀, used up by the 杀 it goes into.
    pub(crate) fn take_drink(&mut self, seat: Seat) -> u8 {
        let drunk = self.mark(seat, DRUNK);
        if drunk > 0 {
            self.set_mark(seat, DRUNK, 0, Visibility::Public);
        }
        drunk.min(u16::from(u8::MAX)) as u8
    }

    /// The end of `seat`'s turn: a 酒 it did not use is lost.
    pub(crate) fn sober_up(&mut self, seat: Seat) {
        self.take_drink(seat);
    }

    /// Is a 酒 waiting for `seat`'s next 杀?
    pub fn is_drunk(&self, seat: Seat) -> bool {
        self.mark(seat, DRUNK) > 0
    }

    // ---- turned over and chained -----------------------------------------------------------

    /// 翻面 Turns `seat`'s general over.
    pub(crate) fn turn_over(&mut self, seat: Seat) {
        let state = &mut self.seats[seat.index()];
        state.turned = !state.turned;
        let face_down = state.turned;
        self.emit(Event::TurnedOver { seat, face_down });
        if self.hooked & (1 << Timing::TurnedOver as u32) != 0 {
            // "After it is turned over" skills react once the current step is done.
            self.notices
                .insert(0, TimingData::TurnedOver { seat, face_down });
        }
    }

    pub fn is_turned_over(&self, seat: Seat) -> bool {
        self.seats[seat.index()].turned
    }

    /// 横置 / 重置 Chains or unchains `seat` (nothing happens if it already is).
    pub(crate) fn set_chained(&mut self, seat: Seat, chained: bool) {
        if self.seats[seat.index()].chained == chained {
            return;
        }
        self.seats[seat.index()].chained = chained;
        self.emit(Event::ChainChanged { seat, chained });
    }

    pub fn is_chained(&self, seat: Seat) -> bool {
        self.seats[seat.index()].chained
    }

    // ---- skills gained and lost ------------------------------------------------------------

    /// `seat` gains `skill` (nothing if it has it already).
    pub(crate) fn gain_skill(&mut self, seat: Seat, skill: SkillId) {
        let skills = &mut self.seats[seat.index()].skills;
        if skills.contains(&skill) {
            return;
        }
        skills.to_mut().push(skill);
        self.emit(Event::SkillGained { seat, skill });
    }

    /// `seat` loses `skill`; the pile the skill kept goes to the discard pile (W-MECH-PILE-2).
    pub(crate) fn lose_skill(&mut self, seat: Seat, skill: SkillId) {
        let skills = &mut self.seats[seat.index()].skills;
        let Some(i) = skills.iter().position(|s| *s == skill) else {
            return;
        };
        skills.to_mut().remove(i);
        self.emit(Event::SkillLost { seat, skill });
        let pile = self.pile(seat, skill).to_vec();
        self.discard(&pile);
    }

    // ---- piles -----------------------------------------------------------------------------

    /// The cards of `owner`'s pile kept by `skill`, in the order put there.
    pub fn pile(&self, owner: Seat, skill: SkillId) -> &[CardId] {
        self.table.seats[owner.index()]
            .pile(skill)
            .map_or(&[], |p| p.cards.as_slice())
    }

    /// Puts `cards` on `owner`'s pile kept by `skill` (starting it, seen as `visibility` says).
    pub(crate) fn move_to_pile(
        &mut self,
        cards: &[CardId],
        owner: Seat,
        skill: SkillId,
        visibility: Visibility,
    ) {
        let piles = &mut self.table.seats[owner.index()].piles;
        if !piles.iter().any(|p| p.skill == skill) {
            piles.push(Pile {
                skill,
                visibility,
                cards: Vec::new(),
            });
            self.emit(Event::PileStarted {
                seat: owner,
                skill,
                visibility,
            });
        }
        self.move_cards(cards, Zone::Pile { owner, skill });
    }

    // ---- showing cards ---------------------------------------------------------------------

    /// 展示 `seat` shows `cards` to `to` without moving them.
    pub(crate) fn show_cards(&mut self, seat: Seat, cards: &[CardId], to: Known) {
        if cards.is_empty() {
            return;
        }
        self.emit(Event::CardsShown {
            seat,
            cards: cards.to_vec(),
            to,
        });
    }

    // ---- the flow --------------------------------------------------------------------------

    /// `seat` takes an extra turn after the current one (before the turn order goes on).
    pub(crate) fn extra_turn(&mut self, seat: Seat) {
        self.extra_turns.push(seat);
    }

    /// The current turn skips `phase` (no start or end timings, nothing in it).
    pub(crate) fn skip_phase(&mut self, phase: Phase) {
        self.turn.skip[phase as usize] = true;
    }

    /// Rounds begun so far.
    pub fn round(&self) -> u32 {
        self.round
    }

    /// What dying takes from a character: its marks, its piles, its chain and its turned-over
    /// general (W-MECH-MARK-1, W-MECH-PILE-2).
    pub(crate) fn clear_on_death(&mut self, seat: Seat) {
        let marks: Vec<Mark> = self.seats[seat.index()].marks.clone();
        for mark in marks {
            self.set_mark(seat, mark.id, 0, mark.visibility);
        }
        let piles: Vec<CardId> = self.table.seats[seat.index()]
            .piles
            .iter()
            .flat_map(|p| p.cards.iter().copied())
            .collect();
        self.discard(&piles);
        self.set_chained(seat, false);
        if self.seats[seat.index()].turned {
            self.turn_over(seat);
        }
    }
}
