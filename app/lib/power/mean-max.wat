;; Best window sums for every window length, by exhaustive search with 128-bit SIMD.
;; Source of app/lib/power/mean-max-wasm.ts (built by `npm run build:wasm`).
;;
;; Memory holds the prefix sums P[0..n] of the power samples as i32 (in half watts, so the
;; spike filter's x.5 values stay exact) followed by the output best[0..n-1], where
;; best[d-1] = max over i of P[i+d] - P[i]. Samples are never negative, so P never decreases
;; and 0 is a valid starting maximum.
;;
;; Every (start, length) pair is visited once: four lengths share each pass over the starts
;; and four starts share each vector, so one pass does 16 window sums per load of P[i..i+3].
(module
  (memory (export "memory") 1)

  (func $laneMax (param $v v128) (result i32)
    (local $a i32) (local $b i32)
    (local.set $a (i32x4.extract_lane 0 (local.get $v)))
    (local.set $b (i32x4.extract_lane 1 (local.get $v)))
    (if (i32.gt_s (local.get $b) (local.get $a)) (then (local.set $a (local.get $b))))
    (local.set $b (i32x4.extract_lane 2 (local.get $v)))
    (if (i32.gt_s (local.get $b) (local.get $a)) (then (local.set $a (local.get $b))))
    (local.set $b (i32x4.extract_lane 3 (local.get $v)))
    (if (i32.gt_s (local.get $b) (local.get $a)) (then (local.set $a (local.get $b))))
    (local.get $a))

  ;; The best of $best and every window of $length starting at $from .. n - $length.
  (func $scanTail (param $prefix i32) (param $n i32) (param $length i32) (param $from i32) (param $best i32) (result i32)
    (local $i i32) (local $sum i32)
    (local.set $i (local.get $from))
    (block $done
      (loop $next
        (br_if $done (i32.gt_s (local.get $i) (i32.sub (local.get $n) (local.get $length))))
        (local.set $sum
          (i32.sub
            (i32.load (i32.add (local.get $prefix) (i32.shl (i32.add (local.get $i) (local.get $length)) (i32.const 2))))
            (i32.load (i32.add (local.get $prefix) (i32.shl (local.get $i) (i32.const 2))))))
        (if (i32.gt_s (local.get $sum) (local.get $best)) (then (local.set $best (local.get $sum))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $next)))
    (local.get $best))

  (func (export "bestSums") (param $n i32) (param $prefix i32) (param $out i32)
    (local $d i32) (local $i i32) (local $lastVectorStart i32)
    (local $p i32) (local $q i32) (local $base v128)
    (local $a0 v128) (local $a1 v128) (local $a2 v128) (local $a3 v128)
    (local.set $d (i32.const 1))
    ;; Groups of four lengths d .. d+3.
    (block $groupsDone
      (loop $group
        (br_if $groupsDone (i32.gt_s (i32.add (local.get $d) (i32.const 3)) (local.get $n)))
        (local.set $a0 (v128.const i32x4 0 0 0 0))
        (local.set $a1 (v128.const i32x4 0 0 0 0))
        (local.set $a2 (v128.const i32x4 0 0 0 0))
        (local.set $a3 (v128.const i32x4 0 0 0 0))
        ;; A vector of starts i .. i+3 fits all four lengths while i + 3 + d + 3 <= n.
        (local.set $lastVectorStart (i32.sub (i32.sub (local.get $n) (local.get $d)) (i32.const 6)))
        (local.set $i (i32.const 0))
        (block $vectorsDone
          (loop $vector
            (br_if $vectorsDone (i32.gt_s (local.get $i) (local.get $lastVectorStart)))
            (local.set $p (i32.add (local.get $prefix) (i32.shl (local.get $i) (i32.const 2))))
            (local.set $q (i32.add (local.get $p) (i32.shl (local.get $d) (i32.const 2))))
            (local.set $base (v128.load (local.get $p)))
            (local.set $a0 (i32x4.max_s (local.get $a0) (i32x4.sub (v128.load (local.get $q)) (local.get $base))))
            (local.set $a1 (i32x4.max_s (local.get $a1) (i32x4.sub (v128.load offset=4 (local.get $q)) (local.get $base))))
            (local.set $a2 (i32x4.max_s (local.get $a2) (i32x4.sub (v128.load offset=8 (local.get $q)) (local.get $base))))
            (local.set $a3 (i32x4.max_s (local.get $a3) (i32x4.sub (v128.load offset=12 (local.get $q)) (local.get $base))))
            (local.set $i (i32.add (local.get $i) (i32.const 4)))
            (br $vector)))
        ;; The starts the vectors did not reach, for each length on its own.
        (i32.store (i32.add (local.get $out) (i32.shl (i32.sub (local.get $d) (i32.const 1)) (i32.const 2)))
          (call $scanTail (local.get $prefix) (local.get $n) (local.get $d) (local.get $i) (call $laneMax (local.get $a0))))
        (i32.store (i32.add (local.get $out) (i32.shl (local.get $d) (i32.const 2)))
          (call $scanTail (local.get $prefix) (local.get $n) (i32.add (local.get $d) (i32.const 1)) (local.get $i) (call $laneMax (local.get $a1))))
        (i32.store (i32.add (local.get $out) (i32.shl (i32.add (local.get $d) (i32.const 1)) (i32.const 2)))
          (call $scanTail (local.get $prefix) (local.get $n) (i32.add (local.get $d) (i32.const 2)) (local.get $i) (call $laneMax (local.get $a2))))
        (i32.store (i32.add (local.get $out) (i32.shl (i32.add (local.get $d) (i32.const 2)) (i32.const 2)))
          (call $scanTail (local.get $prefix) (local.get $n) (i32.add (local.get $d) (i32.const 3)) (local.get $i) (call $laneMax (local.get $a3))))
        (local.set $d (i32.add (local.get $d) (i32.const 4)))
        (br $group)))
    ;; The last one to three lengths, which have only a few starts each.
    (block $lengthsDone
      (loop $length
        (br_if $lengthsDone (i32.gt_s (local.get $d) (local.get $n)))
        (i32.store (i32.add (local.get $out) (i32.shl (i32.sub (local.get $d) (i32.const 1)) (i32.const 2)))
          (call $scanTail (local.get $prefix) (local.get $n) (local.get $d) (i32.const 0) (i32.const 0)))
        (local.set $d (i32.add (local.get $d) (i32.const 1)))
        (br $length))))
)
