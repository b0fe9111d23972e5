// The WebGL side of the 360-degree viewer: one full-screen triangle pair whose fragment shader runs the
// projection of dewarp.ts per pixel, sampling the picture from a 1024x1024 texture (advanced.md §9).
import { FISHEYE_TEXTURE_SIZE } from '@camwatch/contract/constants';
import { fieldOfView, type View } from './dewarp.ts';

const VERTEX = `
attribute vec2 position;
varying vec2 uv;
void main() {
  uv = position;
  gl_Position = vec4(position, 0.0, 1.0);
}`;

// uv is -1..1 with y up; the view's v grows downwards, so it is negated. Same rotations as viewRay().
const FRAGMENT = `
precision highp float;
varying vec2 uv;
uniform sampler2D picture;
uniform float halfTan;
uniform float aspect;
uniform float yaw;
uniform float pitch;
uniform vec2 radius;
const float HALF_PI = 1.5707963267948966;
void main() {
  vec3 ray = vec3(uv.x * halfTan * aspect, -uv.y * halfTan, 1.0);
  float cp = cos(pitch);
  float sp = sin(pitch);
  ray = vec3(ray.x, ray.y * cp - ray.z * sp, ray.y * sp + ray.z * cp);
  float cy = cos(yaw);
  float sy = sin(yaw);
  ray = vec3(ray.x * cy - ray.y * sy, ray.x * sy + ray.y * cy, ray.z);
  ray = normalize(ray);
  float theta = acos(clamp(ray.z, -1.0, 1.0));
  float phi = atan(ray.y, ray.x);
  vec2 point = vec2(0.5) + radius * (theta / HALF_PI) * vec2(cos(phi), sin(phi));
  if (theta > HALF_PI || point.x < 0.0 || point.x > 1.0 || point.y < 0.0 || point.y > 1.0) {
    gl_FragColor = vec4(0.0, 0.0, 0.0, 1.0);
  } else {
    gl_FragColor = texture2D(picture, point);
  }
}`;

export type PictureSource = HTMLCanvasElement | HTMLVideoElement;

const sizeOf = (source: PictureSource) =>
  source instanceof HTMLVideoElement
    ? { width: source.videoWidth, height: source.videoHeight }
    : { width: source.width, height: source.height };

function compile(gl: WebGLRenderingContext, type: number, text: string): WebGLShader {
  const shader = gl.createShader(type)!;
  gl.shaderSource(shader, text);
  gl.compileShader(shader);
  if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS))
    throw new Error(`fisheye shader: ${gl.getShaderInfoLog(shader) ?? 'compile failed'}`);
  return shader;
}

/** Whether this browser can draw WebGL at all. */
export function canUseWebgl(): boolean {
  try {
    const canvas = document.createElement('canvas');
    return !!canvas.getContext('webgl');
  } catch {
    return false;
  }
}

export class FisheyeRenderer {
  private readonly gl: WebGLRenderingContext;
  private readonly uniforms: Record<
    'halfTan' | 'aspect' | 'yaw' | 'pitch' | 'radius',
    WebGLUniformLocation | null
  >;
  /** The picture is drawn into this square canvas first, then uploaded as the texture. */
  private readonly staging = document.createElement('canvas');
  private readonly texture: WebGLTexture;

  /** Throws when WebGL is not available. */
  constructor(private readonly canvas: HTMLCanvasElement) {
    const gl = canvas.getContext('webgl', { preserveDrawingBuffer: true, antialias: false });
    if (!gl) throw new Error('WebGL is not available');
    this.gl = gl;
    const program = gl.createProgram()!;
    gl.attachShader(program, compile(gl, gl.VERTEX_SHADER, VERTEX));
    gl.attachShader(program, compile(gl, gl.FRAGMENT_SHADER, FRAGMENT));
    gl.linkProgram(program);
    if (!gl.getProgramParameter(program, gl.LINK_STATUS)) throw new Error('fisheye program: link failed');
    gl.useProgram(program);
    const buffer = gl.createBuffer();
    gl.bindBuffer(gl.ARRAY_BUFFER, buffer);
    gl.bufferData(
      gl.ARRAY_BUFFER,
      new Float32Array([-1, -1, 1, -1, -1, 1, -1, 1, 1, -1, 1, 1]),
      gl.STATIC_DRAW,
    );
    const position = gl.getAttribLocation(program, 'position');
    gl.enableVertexAttribArray(position);
    gl.vertexAttribPointer(position, 2, gl.FLOAT, false, 0, 0);
    this.uniforms = {
      halfTan: gl.getUniformLocation(program, 'halfTan'),
      aspect: gl.getUniformLocation(program, 'aspect'),
      yaw: gl.getUniformLocation(program, 'yaw'),
      pitch: gl.getUniformLocation(program, 'pitch'),
      radius: gl.getUniformLocation(program, 'radius'),
    };
    this.texture = gl.createTexture()!;
    gl.bindTexture(gl.TEXTURE_2D, this.texture);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
    this.staging.width = FISHEYE_TEXTURE_SIZE;
    this.staging.height = FISHEYE_TEXTURE_SIZE;
  }

  /**
   * Draws the view of the picture; `radiusPx` is the image circle in the picture's own pixels. Answers false
   * when the source has no picture yet.
   */
  render(source: PictureSource, view: View, radiusPx: number): boolean {
    const size = sizeOf(source);
    if (size.width === 0 || size.height === 0) return false;
    const { gl, canvas } = this;
    const width = Math.max(1, Math.round(canvas.clientWidth * devicePixelRatio));
    const height = Math.max(1, Math.round(canvas.clientHeight * devicePixelRatio));
    if (canvas.width !== width) canvas.width = width;
    if (canvas.height !== height) canvas.height = height;
    const context = this.staging.getContext('2d');
    if (!context) return false;
    context.drawImage(source, 0, 0, FISHEYE_TEXTURE_SIZE, FISHEYE_TEXTURE_SIZE);
    gl.bindTexture(gl.TEXTURE_2D, this.texture);
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, gl.RGBA, gl.UNSIGNED_BYTE, this.staging);
    gl.viewport(0, 0, width, height);
    gl.uniform1f(this.uniforms.halfTan, Math.tan(fieldOfView(view.zoom) / 2));
    gl.uniform1f(this.uniforms.aspect, width / height);
    gl.uniform1f(this.uniforms.yaw, view.yaw);
    gl.uniform1f(this.uniforms.pitch, view.pitch);
    gl.uniform2f(this.uniforms.radius, radiusPx / size.width, radiusPx / size.height);
    gl.drawArrays(gl.TRIANGLES, 0, 6);
    return true;
  }

  pictureSize(source: PictureSource) {
    return sizeOf(source);
  }

  dispose(): void {
    this.gl.deleteTexture(this.texture);
    this.gl.getExtension('WEBGL_lose_context')?.loseContext();
  }
}
