// "Select all" for the bulk forget form; the page works without it.
document.addEventListener("DOMContentLoaded", function () {
  var b = document.getElementById("select-all");
  if (!b) return;
  b.hidden = false;
  b.addEventListener("click", function () {
    var boxes = document.querySelectorAll('#bulk input[type=checkbox][name=id]');
    var all = Array.prototype.every.call(boxes, function (x) { return x.checked; });
    boxes.forEach(function (x) { x.checked = !all; });
  });
});
