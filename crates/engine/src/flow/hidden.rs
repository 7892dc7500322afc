//! 暗置武将的技能 The skills of a seat's face-down generals (国战, `hegemony.md` §3.2–3.3;
//! decision 0018). A character may use a skill of a hidden general: declaring it *is* the reveal
//! (明置, H-REV-2, H-HID-6) — the general turns face up, the first reveal fixes the faction, the
//! victory check and the rewards follow (H-PROC-REVEAL), and then the skill resolves (H-REW-4).
//!
//! No prompt may tell another seat what a hidden general is (H-REV-10). So a hidden general's
//! skills are offered only where they add answers to a prompt its seat gets anyway:
//! - conversions (视为技: 武圣, 龙胆, 奇袭 …) in every use and response, revealed when the
//!   converted card is used or played (H-REV-9);
//! - active skills (主动技: 苦肉, 反间 …) in its play phase;
//! - skills that stand in for a card (八阵 for 闪) where that card is asked for.
//!
//! Skills that would open a prompt of their own — triggers, retrials — ask only if their owner
//! pre-showed their general (预亮, `modes/hegemony/yuliang.rs`), and then first as a 明置 choice
//! that names no skill to the others (`resolve/trigger.rs`); a compulsory one may be declined
//! while hidden (H-REV-7). Status skills (马术, 咆哮, 奇才, 红颜 …) do nothing until their general
//! is shown (H-REV-8). A seat may also reveal at the start of its preparation phase (H-REV-1).

use crate::action::Action;
use crate::def::skill::SkillDef;
use crate::game::Game;
use crate::ids::{GeneralId, SkillId};
use crate::prompt::PromptKind;
use crate::resolve::Reply;
use crate::seat::Seat;

impl Game {
    /// The face-down general of `seat` that has `skill` — `Some(false)` its main general,
    /// `Some(true)` its deputy — unless the seat has that skill shown already.
    pub fn hidden_general_with(&self, seat: Seat, skill: SkillId) -> Option<bool> {
        let duo = self.duo(seat)?;
        if self.seats[seat.index()].skills.contains(&skill) {
            return None;
        }
        [false, true].into_iter().find(|deputy| {
            let (general, shown, lost) = duo.side(*deputy);
            !shown
                && !lost
                && general != GeneralId::White
                && self.general(general).skills.contains(&skill)
        })
    }

    /// 祸水 (H-REV-6, H-SK-huoshui): may `seat` not reveal a general now? In the turn of a
    /// living character other than `seat` with 祸水 shown, nobody else may — so their hidden
    /// generals' skills cannot be declared. A death's 亮出 is not a reveal of this kind.
    pub fn reveal_blocked(&self, seat: Seat) -> bool {
        let current = self.turn.seat;
        !self.duos.is_empty()
            && current != seat
            && self.is_alive(current)
            && self.seats[current.index()]
                .skills
                .contains(&SkillId::Huoshui)
    }

    /// H-REV-8: the face-down general of `user` (`Some(true)` its deputy) whose status skill
    /// alone would allow this 杀 in its play phase — the shown limit is reached and that
    /// general's 咆哮 (or an extra 杀) lifts it. Such a use is offered, and reveals it.
    pub fn slash_lifted_by_hidden(&self, user: Seat, card: &crate::card::UsedCard) -> Option<bool> {
        let duo = self.duo(user)?;
        let used = self.turn.slashes_used;
        if self.reveal_blocked(user)
            || self
                .slash_limit(user, card)
                .is_none_or(|limit| used < limit)
        {
            return None;
        }
        let shown_extra: u8 = self
            .skills(user)
            .filter_map(|s| s.modifiers.extra_slashes.map(|f| f(self, user)))
            .sum();
        [false, true].into_iter().find(|deputy| {
            let (general, shown, lost) = duo.side(*deputy);
            if shown || lost || general == GeneralId::White {
                return false;
            }
            let skills = || {
                self.general(general)
                    .skills
                    .iter()
                    .map(|id| self.skill_def(*id))
            };
            let unlimited = skills().any(|s| {
                s.modifiers
                    .unlimited_slash
                    .is_some_and(|f| f(self, user, card))
            });
            let extra: u8 = skills()
                .filter_map(|s| s.modifiers.extra_slashes.map(|f| f(self, user)))
                .sum();
            unlimited || (extra > 0 && used < 1 + shown_extra + extra)
        })
    }

    /// The skills of `seat`'s face-down generals it does not have shown: its owner may declare
    /// them, which reveals their general (H-REV-2). Empty outside 国战.
    pub fn hidden_skills(&self, seat: Seat) -> impl Iterator<Item = &'static SkillDef> + '_ {
        let state = &self.seats[seat.index()];
        let blocked = self.reveal_blocked(seat);
        self.duos
            .get(seat.index())
            .into_iter()
            .flat_map(|d| [d.side(false), d.side(true)])
            .filter(move |(general, shown, lost)| {
                !shown && !lost && !blocked && *general != GeneralId::White
            })
            .flat_map(move |(general, _, _)| self.general(general).skills.iter())
            .filter(move |id| !state.skills.contains(id))
            .map(move |id| self.skill_def(*id))
    }

    /// The skills of `seat`'s face-down generals whose triggers and retrials may ask it: those
    /// of the generals it pre-showed (预亮, H-REV-10; `modes/hegemony/yuliang.rs`).
    pub(crate) fn preshown_skills(
        &self,
        seat: Seat,
    ) -> impl Iterator<Item = &'static SkillDef> + '_ {
        let state = &self.seats[seat.index()];
        let blocked = self.reveal_blocked(seat);
        self.duos
            .get(seat.index())
            .into_iter()
            .flat_map(|d| {
                [
                    (d.main, d.main_shown || !d.main_preshown || d.main_lost),
                    (
                        d.deputy,
                        d.deputy_shown || !d.deputy_preshown || d.deputy_lost,
                    ),
                ]
            })
            .filter(move |(general, silent)| !silent && !blocked && *general != GeneralId::White)
            .flat_map(move |(general, _)| self.general(general).skills.iter())
            .filter(move |id| !state.skills.contains(id))
            .map(move |id| self.skill_def(*id))
    }

    /// The skills whose triggers fire for `seat`: those it has, then its pre-shown hidden ones.
    pub(crate) fn triggering_skills(
        &self,
        seat: Seat,
    ) -> impl Iterator<Item = &'static SkillDef> + '_ {
        self.skills(seat).chain(self.preshown_skills(seat))
    }

    /// The skills `seat` may declare now: those it has, then those of its hidden generals.
    pub(crate) fn declarable_skills(
        &self,
        seat: Seat,
    ) -> impl Iterator<Item = &'static SkillDef> + '_ {
        self.skills(seat).chain(self.hidden_skills(seat))
    }

    /// 明置 to use a skill (H-REV-2, H-PROC-SKILLUSE): `seat`'s answer (in `self.reply`) to a
    /// prompt of `kind` declares a skill of a hidden general — a converted card, an active skill,
    /// a skill standing in for a card, or a skill offered by the prompt. The general turns face
    /// up before anything else; if the mode's rules follow the reveal (the victory check, the
    /// rewards), they run first and the answer waits for them (H-REW-4).
    pub(crate) fn reveal_to_use(&mut self, seat: Seat, kind: &PromptKind) {
        if self.duos.is_empty() {
            return;
        }
        // H-REV-8: a 杀 in the play phase legal only through a hidden general's 咆哮 reveals
        // that general as it is used (besides any conversion's general, below).
        let status = match (&self.reply, kind) {
            (Reply::Answer(_, Action::Card { cards, skill, .. }), PromptKind::Play) => self
                .make_used_card(cards, *skill, None)
                .filter(|card| card.kind == crate::card::CardKind::Slash)
                .and_then(|card| self.slash_lifted_by_hidden(seat, &card)),
            _ => None,
        };
        let skill = match &self.reply {
            Reply::Answer(
                _,
                Action::Card {
                    skill: Some(skill), ..
                },
            ) => Some(*skill),
            // Ordering simultaneous skills names them without declaring any.
            Reply::Answer(_, Action::Skill { skill, .. }) if *kind != PromptKind::OrderSkills => {
                Some(*skill)
            }
            _ => None,
        };
        let converting = skill.and_then(|s| self.hidden_general_with(seat, s));
        if (converting.is_none() && status.is_none()) || self.reveal_blocked(seat) {
            return;
        }
        for deputy in converting.into_iter().chain(status) {
            self.reveal_general(seat, deputy);
        }
        let Some(frame) = self.mode.revealed.and_then(|after| after(self, seat)) else {
            return;
        };
        if let Reply::Answer(seat, action) = std::mem::take(&mut self.reply) {
            self.held_answer = Some((seat, action));
        }
        // The declaration ends the window it answered (a 无懈可击 window asks every seat).
        self.prompts.clear();
        self.stack.push(frame);
    }

    /// The rewards of a reveal are done: the answer that declared the skill goes on to the
    /// procedure that asked (H-REW-4).
    pub(crate) fn release_held_answer(&mut self) {
        if let Some((seat, action)) = self.held_answer.take() {
            self.reply = Reply::Answer(seat, action);
        }
    }
}
